import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ANIMATION_LOADING_MS, POLL_LOADING_MS, splitFullName } from '@auxilio/domain';
import { buttonClassName } from '../../../components/ui/button/button-class.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useFollowService } from '../hooks/use-follow-service.ts';
import { useLiveService } from '../hooks/use-live-service.ts';
import { useRotatingStep } from '../hooks/use-rotating-step.ts';
import { PushPrompt } from './push-prompt.tsx';
import { TrackingIcon } from './tracking-icons.tsx';
import { NoServiceNotice } from './no-service-notice.tsx';
import './tracking.css';

export interface LoadingScreenProps {
  /** The cancel control of the cancellation feature, composed by the route. */
  cancelSlot?: ReactNode;
}

/**
 * SPEC 2 "Tracking loading": greets the customer by first name while the service waits for a driver;
 * a received-service animation alternates every 9 s with 'document your accident while you wait for
 * the inspector', and DOCUMENTAR ACCIDENTE opens /tracking/coninspection. Follows the service live
 * (stream, else the 18 s poll) and moves on as SPEC 4's loading rules say.
 */
export function LoadingScreen({ cancelSlot }: LoadingScreenProps) {
  const { t } = useTranslation('tracking');
  const live = useLiveService(POLL_LOADING_MS);
  const fullName = useSessionStore((state) => state.session.clientForm.fullName);
  const service = live.data;
  useFollowService('loading', service);
  const stepIndex = useRotatingStep(2, ANIMATION_LOADING_MS);

  if (!live.hasService) return <NoServiceNotice />;

  const firstName = service?.firstname || splitFullName(fullName).firstName;
  const situation = service?.situation;
  const animation = stepIndex === 0 ? 'received' : 'document';
  return (
    <main className="tracking-loading">
      <h1 className="tracking-loading__title">
        {firstName ? t('loading.greeting', { name: firstName }) : t('loading.greetingNoName')}
      </h1>
      <p className="tracking-loading__subtitle">
        {situation
          ? t('loading.preparing', { serviceType: t(`serviceTypes.${situation}`) })
          : t('loading.title')}
      </p>
      <div className="loading-stage" aria-live="polite">
        <div className={`loading-art loading-art--${animation}`} aria-hidden="true">
          <span className="loading-art__pulse" />
          <span className="loading-art__icon">
            <TrackingIcon name={animation === 'received' ? 'check' : 'camera'} size={44} />
          </span>
        </div>
        <p className="loading-stage__text">{t(`loading.animation.${animation}`)}</p>
      </div>
      {live.isError && !service && (
        <p className="tracking-notice" role="alert">
          {t('loading.offline')}
        </p>
      )}
      <PushPrompt />
      <footer className="tracking-loading__footer">
        <Link href="/tracking/coninspection" className={buttonClassName('primary')}>
          {t('loading.document')}
        </Link>
        {cancelSlot}
      </footer>
    </main>
  );
}
