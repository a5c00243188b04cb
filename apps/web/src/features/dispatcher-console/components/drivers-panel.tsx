import { useTranslation } from 'react-i18next';
import { isPositionStale, type BoardDriver } from '@auxilio/domain';
import { useServiceWords } from '../hooks/use-service-words.ts';
import { elapsedText } from '../utils/elapsed-text.ts';

export interface DriversPanelProps {
  drivers: readonly BoardDriver[];
  now: Date;
  onOpenService: (serviceId: string) => void;
}

/**
 * The scope's drivers, online first: what each is doing (a trip of the board, busy for another
 * account, or free) and how old their last position is. An old position is flagged only for a
 * driver who should be reporting (online or on a trip): an offline driver's is old by nature.
 */
export function DriversPanel({ drivers, now, onOpenService }: DriversPanelProps) {
  const { t } = useTranslation('dispatcher');
  const { vehicleName } = useServiceWords();
  if (drivers.length === 0) return <p className="dispatcher-muted">{t('drivers.empty')}</p>;
  return (
    <ul className="dispatcher-drivers">
      {drivers.map((driver) => {
        const working = driver.online || driver.currentService !== null || driver.busyElsewhere;
        const stale = working && isPositionStale(driver.lastSeenAt, now);
        return (
          <li
            key={driver.id}
            className={`dispatcher-driver${driver.online ? '' : ' dispatcher-driver--offline'}`}
          >
            <div className="dispatcher-driver__line">
              <span className="dispatcher-driver__name">{driver.name}</span>
              <span className="dispatcher-muted">{vehicleName(driver.vehicleType)}</span>
              <span
                className={`dispatcher-badge dispatcher-badge--${driver.online ? 'online' : 'offline'}`}
              >
                {driver.online ? t('drivers.online') : t('drivers.offline')}
              </span>
            </div>
            <div className="dispatcher-driver__line dispatcher-muted">
              {driver.currentService ? (
                <button
                  type="button"
                  className="dispatcher-link"
                  onClick={() => {
                    if (driver.currentService) onOpenService(driver.currentService._id);
                  }}
                >
                  {t('drivers.trip', { number: driver.currentService.serviceNumber })}
                </button>
              ) : (
                <span>{driver.busyElsewhere ? t('drivers.busyElsewhere') : t('drivers.free')}</span>
              )}
              <span>
                {driver.lastSeenAt
                  ? t('drivers.lastSeen', { age: elapsedText(t, driver.lastSeenAt, now) })
                  : t('drivers.neverSeen')}
              </span>
              {stale ? (
                <span className="dispatcher-badge dispatcher-badge--stale">
                  {t('drivers.stale')}
                </span>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
