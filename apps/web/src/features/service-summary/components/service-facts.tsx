import { useTranslation } from 'react-i18next';
import { isScheduledService, timeZoneOf, type Service } from '@auxilio/domain';
import { useSessionStore } from '../../../stores/session-store.ts';
import { formatServiceTime } from '../utils/format-service-time.ts';

/**
 * The read-only facts of a created service: number, date and time in the branch's zone, situation,
 * address and vehicle (the vehicle as the customer entered it: the service read carries none).
 */
export function ServiceFacts({ service }: { service: Service }) {
  const { t, i18n } = useTranslation(['summary', 'services']);
  const session = useSessionStore((state) => state.session);
  const scheduled = isScheduledService(service);
  const when = formatServiceTime(
    scheduled ? service.schedule : service.date,
    timeZoneOf(service.branch),
    i18n.language,
  );
  const form = session.clientForm;
  const vehicle = [form.make, form.model, form.year].map((part) => part.trim()).filter(Boolean);
  const plate = form.plate.trim().toUpperCase();
  const address = service.locations.situation?.address ?? session.locations.situation.address;

  const rows: Array<{ key: string; label: string; value: string }> = [
    { key: 'number', label: t('facts.number'), value: `#${service.serviceNumber}` },
    {
      key: 'when',
      label: scheduled ? t('facts.scheduled') : t('facts.requested'),
      value: when,
    },
    {
      key: 'situation',
      label: t('facts.situation'),
      value: t(`services:types.${service.situation}`, { defaultValue: service.situation }),
    },
    { key: 'address', label: t('facts.address'), value: address },
    {
      key: 'vehicle',
      label: t('facts.vehicle'),
      value: [vehicle.join(' '), plate].filter(Boolean).join(' · '),
    },
  ].filter((row) => row.value.trim() !== '');

  return (
    <dl className="service-facts">
      {rows.map((row) => (
        <div className="service-facts__row" key={row.key}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
