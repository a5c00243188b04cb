import { useTranslation } from 'react-i18next';
import {
  destinationText,
  deviceTimeZone,
  formatMoney,
  isHomeTrackService,
  isScheduledService,
  timeZoneOf,
  towPassengersOf,
  zoneToName,
  type Service,
} from '@auxilio/domain';
import { useServiceClockText } from '../../../lib/use-service-clock-text.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { formatServiceDay, formatServiceTime } from '../utils/format-service-time.ts';

/**
 * The read-only facts of a created service: number, date and time in the branch's zone, situation,
 * address, a tow's destination and passengers (decisions 650, 652) and vehicle (the vehicle and the
 * passengers as the customer entered them: the service read carries neither). A
 * home service shows instead what was asked (category and sub-service), the visit date and window as
 * the service stores them (decision 644), and its price (decision 642).
 */
export function ServiceFacts({ service }: { service: Service }) {
  const { t, i18n } = useTranslation(['summary', 'services']);
  const session = useSessionStore((state) => state.session);
  const clockText = useServiceClockText();
  const scheduled = isScheduledService(service);
  const instant = scheduled ? service.schedule : service.date;
  const whenInBranch = formatServiceTime(instant, timeZoneOf(service.branch), i18n.language);
  // Decision 645: the branch's time, named when this phone's clock reads differently.
  const when = clockText({
    time: whenInBranch,
    zoneOf: zoneToName(new Date(instant), service.branch, deviceTimeZone()),
  });
  const form = session.clientForm;
  const vehicle = [form.make, form.model, form.year].map((part) => part.trim()).filter(Boolean);
  const plate = form.plate.trim().toUpperCase();
  const address = service.locations.situation?.address ?? session.locations.situation.address;
  // Decision 650: the passengers a tow was requested with, as this phone's session chose them (the
  // service read carries none, SPEC 3 Service); none shown for a service this session did not make.
  const passengers =
    session.serviceId === service._id
      ? towPassengersOf(service.situation, session.passengers).passengers
      : undefined;
  const situationLabel = t(`services:types.${service.situation}`, {
    defaultValue: service.situation,
  });

  const rows = isHomeTrackService(service)
    ? homeRows()
    : [
        { key: 'number', label: t('facts.number'), value: `#${service.serviceNumber}` },
        {
          key: 'when',
          label: scheduled ? t('facts.scheduled') : t('facts.requested'),
          value: when,
        },
        { key: 'situation', label: t('facts.situation'), value: situationLabel },
        { key: 'address', label: t('facts.address'), value: address },
        // Decision 652: a tow's destination as the service stores it.
        {
          key: 'destination',
          label: t('facts.destination'),
          value: destinationText(service.locations.destination) ?? '',
        },
        {
          key: 'passengers',
          label: t('facts.passengers'),
          value: passengers === undefined ? '' : t('facts.passengersCount', { count: passengers }),
        },
        {
          key: 'vehicle',
          label: t('facts.vehicle'),
          value: [vehicle.join(' '), plate].filter(Boolean).join(' · '),
        },
      ];

  function homeRows(): Array<{ key: string; label: string; value: string }> {
    const { subService = '', date = '', availability = null } = service.home ?? {};
    const price = service.priceDetails;
    return [
      { key: 'number', label: t('facts.number'), value: `#${service.serviceNumber}` },
      {
        key: 'situation',
        label: t('facts.situation'),
        value: [
          situationLabel,
          subService ? t(`services:home.subServices.${subService}`, { defaultValue: '' }) : '',
        ]
          .filter(Boolean)
          .join(' · '),
      },
      { key: 'address', label: t('facts.address'), value: address },
      {
        key: 'visitDate',
        label: t('facts.visitDate'),
        value: date ? formatServiceDay(date, i18n.language) : '',
      },
      {
        key: 'window',
        label: t('facts.window'),
        value: availability ? t(`facts.windows.${availability}`) : '',
      },
      {
        key: 'priceRate',
        label: t('facts.priceRate'),
        value: price ? formatMoney(price.priceRate, service.branch) : '',
      },
      {
        key: 'serviceCost',
        label: t('facts.serviceCost'),
        value: price ? formatMoney(price.serviceCost, service.branch) : '',
      },
    ];
  }

  return (
    <dl className="service-facts">
      {rows
        .filter((row) => row.value.trim() !== '')
        .map((row) => (
          <div className="service-facts__row" key={row.key}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
    </dl>
  );
}
