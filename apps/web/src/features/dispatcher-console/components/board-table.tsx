import { useTranslation } from 'react-i18next';
import { boardBreachesOf, type BoardService } from '@auxilio/domain';
import { useServiceWords } from '../hooks/use-service-words.ts';
import { elapsedText } from '../utils/elapsed-text.ts';
import { etaMinutes } from '../utils/format-board.ts';

export interface BoardTableProps {
  services: readonly BoardService[];
  /** The server's time now (ages and breaches are re-checked against it as it ticks). */
  now: Date;
  selectedId: string | null;
  onSelect: (serviceId: string) => void;
}

/**
 * The open services, one row each, oldest first. A row that misses a target (nobody took it for
 * 5 min, an ETA above 45 min) is highlighted and says which target in words.
 */
export function BoardTable({ services, now, selectedId, onSelect }: BoardTableProps) {
  const { t } = useTranslation('dispatcher');
  const { situationName } = useServiceWords();
  return (
    <table className="dispatcher-table">
      <thead>
        <tr>
          <th scope="col">{t('board.number')}</th>
          <th scope="col">{t('board.brand')}</th>
          <th scope="col">{t('board.type')}</th>
          <th scope="col">{t('board.stage')}</th>
          <th scope="col">{t('board.age')}</th>
          <th scope="col">{t('board.eta')}</th>
          <th scope="col">{t('board.driver')}</th>
        </tr>
      </thead>
      <tbody>
        {services.map((service) => {
          const breaches = boardBreachesOf(service, now);
          const classes = [
            'dispatcher-table__row',
            breaches.length > 0 ? 'dispatcher-table__row--breach' : '',
            service._id === selectedId ? 'dispatcher-table__row--selected' : '',
          ];
          return (
            <tr
              key={service._id}
              className={classes.filter(Boolean).join(' ')}
              onClick={() => {
                onSelect(service._id);
              }}
            >
              <td>
                <button
                  type="button"
                  className="dispatcher-table__open"
                  aria-label={t('board.rowName', { number: service.serviceNumber })}
                  onClick={(event) => {
                    event.stopPropagation();
                    onSelect(service._id);
                  }}
                >
                  {service.serviceNumber}
                </button>
              </td>
              <td>{service.brand ?? t('filters.noBrand')}</td>
              <td>
                {situationName(service.situation)}
                <span className="dispatcher-muted">
                  {' '}
                  · {t(`serviceType.${service.serviceType}`)}
                </span>
              </td>
              <td>
                <span className={`dispatcher-stage dispatcher-stage--${service.stage}`}>
                  {t(`stage.${service.stage}`)}
                </span>
                {breaches.map((breach) => (
                  <span key={breach} className="dispatcher-badge dispatcher-badge--breach">
                    {t(`breach.${breach}`)}
                  </span>
                ))}
              </td>
              <td className="dispatcher-table__number">{elapsedText(t, service.createdAt, now)}</td>
              <td className="dispatcher-table__number">
                {service.etaSeconds === null
                  ? t('board.noEta')
                  : t('board.etaMinutes', { minutes: etaMinutes(service.etaSeconds) })}
              </td>
              <td>
                {service.driver
                  ? service.driver.name
                  : service.offeredTo
                    ? t('board.offeredTo', { name: service.offeredTo.name })
                    : t('board.unassigned')}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
