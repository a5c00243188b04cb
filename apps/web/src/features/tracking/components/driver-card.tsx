import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Driver, ServiceTypeName } from '@auxilio/domain';

export interface DriverCardProps {
  driver: Driver;
  situation: ServiceTypeName;
  /** Call and note controls (driver-contact feature), composed by the screen. */
  actions?: ReactNode;
}

/** SPEC 2 tracking "driver details (photos, name, service)". */
export function DriverCard({ driver, situation, actions }: DriverCardProps) {
  const { t } = useTranslation('tracking');
  return (
    <section className="driver-card" aria-label={t('driver.label')}>
      <div className="driver-card__photos">
        {driver.employeeImage ? (
          <img
            className="driver-card__photo"
            src={driver.employeeImage}
            alt={t('driver.photo', { name: driver.name })}
            width={56}
            height={56}
          />
        ) : (
          <span className="driver-card__photo driver-card__photo--empty" aria-hidden="true">
            {driver.name.slice(0, 1)}
          </span>
        )}
        {driver.vehicleImage && (
          <img
            className="driver-card__vehicle"
            src={driver.vehicleImage}
            alt={t('driver.vehicle')}
            width={72}
            height={48}
          />
        )}
      </div>
      <div className="driver-card__text">
        <p className="driver-card__name">{driver.name}</p>
        <p className="driver-card__service">{t(`serviceTypes.${situation}`)}</p>
      </div>
      {actions && <div className="driver-card__actions">{actions}</div>}
    </section>
  );
}
