import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  activeServiceGuard,
  isCancelledServiceStatus,
  type Account,
  type CoverageLimit,
  type Service,
  type ServiceTypeName,
} from '@auxilio/domain';
import { buttonClassName } from '../../../components/ui/button/button-class.ts';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useService } from '../../../api/service-query.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import './corporate.css';

export interface CorporateServicesScreenProps {
  /** The account in use; undefined while it loads. */
  account: Account | undefined;
  accountFailed: boolean;
}

/**
 * SPEC 2 "/corporate/services" (content not shown, decision 622): the service requested from this
 * phone, with the way back to it while it runs, and what the brand's plan covers (the account's
 * services, with the contract's limits once the vehicle was identified).
 */
export function CorporateServicesScreen({ account, accountFailed }: CorporateServicesScreenProps) {
  const { t } = useTranslation('corporate');
  const config = useRuntimeConfig();
  return (
    <main className="corporate">
      <h1 className="corporate__title">{t('services.title')}</h1>
      <p className="corporate__lead">{t('services.lead', { brand: config.brand.name })}</p>
      {/* A running service matters more than the plan: the customer's own requests come first. */}
      <h2 className="corporate__section-title">{t('services.mineTitle')}</h2>
      <MyServices />
      <h2 className="corporate__section-title">{t('services.planTitle')}</h2>
      <PlanCoverage account={account} accountFailed={accountFailed} />
      <Link href="/services" className={buttonClassName('primary')}>
        {t('services.requestAssistance')}
      </Link>
    </main>
  );
}

function PlanCoverage({ account, accountFailed }: CorporateServicesScreenProps) {
  const { t } = useTranslation(['corporate', 'services']);
  const config = useRuntimeConfig();
  const contract = useSessionStore((state) => state.session.customerContract);
  if (!account) {
    return (
      <p className="corporate__note" role="status">
        {accountFailed ? t('services.planError') : t('services.planLoading')}
      </p>
    );
  }
  const types: ServiceTypeName[] = [
    ...account.pwaRoadServicesAllowed,
    ...(config.brand.tracks.includes('home') ? account.pwaHomeServicesAllowed : []),
  ];
  if (types.length === 0) return <p className="corporate__note">{t('services.planEmpty')}</p>;
  const limitOf = (type: ServiceTypeName) =>
    contract?.coverageLimits.find((limit) => limit.serviceType === type) ??
    contract?.coverageLimits.find((limit) => limit.serviceType === null);
  return (
    <>
      <ul className="coverage-list" aria-label={t('services.planTitle')}>
        {types.map((type) => (
          <li key={type} className="coverage-item">
            <span className="coverage-item__name">{t(`services:types.${type}`)}</span>
            <span className="coverage-item__limit">{limitText(limitOf(type), t)}</span>
          </li>
        ))}
      </ul>
      {contract ? null : <p className="corporate__note">{t('services.limitsAfterLookup')}</p>}
    </>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** "2 of 3 used · up to 40 km", or "Included" without a contract limit. */
function limitText(limit: CoverageLimit | undefined, t: Translate): string {
  if (!limit) return t('services.included');
  const parts: string[] = [];
  if (limit.maxEvents !== null) {
    parts.push(t('services.eventsUsed', { used: limit.usedEvents, max: limit.maxEvents }));
  }
  if (limit.maxDistanceKm !== null) {
    parts.push(t('services.upToKm', { km: limit.maxDistanceKm }));
  }
  return parts.length > 0 ? parts.join(' · ') : t('services.unlimited');
}

/** The service this phone requested (the session keeps the last one with its token). */
function MyServices() {
  const { t } = useTranslation('corporate');
  const hasService = useSessionStore(
    (state) => state.session.serviceId !== null && state.session.token !== null,
  );
  const service = useService();
  if (!hasService) return <p className="corporate__note">{t('services.noneYet')}</p>;
  if (service.isPending) {
    return (
      <p className="corporate__note" role="status">
        {t('services.loadingService')}
      </p>
    );
  }
  if (!service.data) return <p className="corporate__note">{t('services.serviceError')}</p>;
  return (
    <ul className="my-services" aria-label={t('services.mineTitle')}>
      <MyServiceCard service={service.data} />
    </ul>
  );
}

function MyServiceCard({ service }: { service: Service }) {
  const { t, i18n } = useTranslation(['corporate', 'services']);
  const session = useSessionStore((state) => state.session);
  const now = new Date();
  const decision = activeServiceGuard({ session, service, now });
  const running = decision.kind === 'route';
  const status = running
    ? 'active'
    : isCancelledServiceStatus(service.status)
      ? 'cancelled'
      : 'ended';
  const date = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(service.date));
  return (
    <li className="my-service">
      <div className="my-service__head">
        <span>{t(`services:types.${service.situation}`)}</span>
        <span className={`my-service__status${running ? ' my-service__status--active' : ''}`}>
          {t(`services.status.${status}`)}
        </span>
      </div>
      <p className="my-service__line">{t('services.number', { number: service.serviceNumber })}</p>
      <p className="my-service__line">{date}</p>
      {running ? (
        <Link href={decision.to} className={buttonClassName('secondary')}>
          {t('services.follow')}
        </Link>
      ) : null}
    </li>
  );
}
