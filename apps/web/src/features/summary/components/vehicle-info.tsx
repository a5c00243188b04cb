import { useTranslation } from 'react-i18next';
import type { VehicleInfoLine } from '@auxilio/domain';

/** SPEC 2 "A vehicle info block shows name, make, model, year, plate, optional VIN and phone". */
export function VehicleInfo({ lines }: { lines: readonly VehicleInfoLine[] }) {
  const { t } = useTranslation('location');
  if (lines.length === 0) return null;
  return (
    <section className="summary-section" aria-labelledby="summary-vehicle">
      <h2 id="summary-vehicle" className="summary-section__title">
        {t('summary.vehicle')}
      </h2>
      <dl className="summary-list">
        {lines.map((line) => (
          <div key={line.key} className="summary-list__row">
            <dt>{t(`summary.vehicleFields.${line.key}`)}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
