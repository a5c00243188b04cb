import { useTranslation } from 'react-i18next';
import { isAppOriginated, type Service } from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useFinishJourney } from '../hooks/use-finish-journey.ts';
import { buildReceipt } from '../utils/receipt.ts';
import { ReceiptCard } from './receipt-card.tsx';
import './service-end.css';

export type ServiceEndKind = 'cancelled' | 'finished';

export interface ServiceEndScreenProps {
  /** /cancelled or /finished (SPEC 2 "Same screen"). */
  kind: ServiceEndKind;
  /** The session's service; null while loading or without one. */
  service: Service | null;
  loading: boolean;
  /** Opens the shell's Help dialog. */
  onHelp: () => void;
}

/**
 * SPEC 2 "Cancelled/finished: 'Your service has been cancelled' or, when finished, 'Your service
 * has been finished'. Shows the receipt number, a Help link, and an Ok button for app-originated
 * services."
 */
export function ServiceEndScreen({ kind, service, loading, onHelp }: ServiceEndScreenProps) {
  const { t } = useTranslation(['service-end', 'common']);
  const { brand } = useRuntimeConfig();
  const integrations = useSessionStore((state) => state.session.integrations);
  const fromApp = isAppOriginated(service, { integrations });
  const finish = useFinishJourney(fromApp);

  return (
    <main className="service-end">
      <div className={`service-end__badge service-end__badge--${kind}`} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="40" height="40">
          <path
            d={kind === 'finished' ? 'M5 12.5l4.5 4.5L19 7.5' : 'M7 7l10 10M17 7L7 17'}
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      <h1 className="service-end__title">{t(`${kind}.title`)}</h1>

      {service ? (
        <ReceiptCard receipt={buildReceipt(service, brand)} />
      ) : loading ? (
        <p role="status">{t('common:loading')}</p>
      ) : null}

      <p className="service-end__help">
        {t('help.question')}{' '}
        <button type="button" className="service-end__help-link" onClick={onHelp}>
          {t('help.link')}
        </button>
      </p>

      {fromApp ? (
        <div className="service-end__actions">
          <Button onClick={finish}>{t('common:actions.ok')}</Button>
        </div>
      ) : null}
    </main>
  );
}
