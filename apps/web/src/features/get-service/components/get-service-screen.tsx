import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { digitsOnlyPhone, isTextLinkToken, secondStopTarget } from '@auxilio/domain';
import { useService } from '../../../api/service-query.ts';
import { useOpenTextLink } from '../../../api/text-link.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { useSessionStore } from '../../../stores/session-store.ts';
import './get-service-screen.css';

export interface GetServiceScreenProps {
  serviceId: string;
  /** The route's query: `t` (the texted link's token) and `phoneNumber`. */
  search: string;
}

/**
 * SPEC 2 "/get-service/{id}: Second-stop entry; phone numbers stripped of non-digits". Opened from
 * the text sent when the tow leaves for its destination (decision 611) on any phone: the link's
 * token becomes the service's session here (decision 610), then the service's screen follows
 * (summary, tracking or loading; survey once finished). The phone that already holds the service
 * needs no token.
 */
export function GetServiceScreen({ serviceId, search }: GetServiceScreenProps) {
  const { t } = useTranslation('get-service');
  const [, navigate] = useLocation();
  const query = new URLSearchParams(search);
  const linkToken = query.get('t');
  const phone = query.get('phoneNumber');
  const phoneNumber = phone === null ? null : digitsOnlyPhone(phone) || null;
  const ownsService = useSessionStore(
    (state) => state.session.serviceId === serviceId && state.session.token !== null,
  );
  const patchSession = useSessionStore((state) => state.patchSession);
  const validToken = isTextLinkToken(linkToken) ? linkToken : null;
  const link = useOpenTextLink({
    serviceId,
    linkToken: ownsService ? null : validToken,
    purpose: 'secondStop',
    phoneNumber,
  });
  const service = useService();
  const targetPath = service.data ? secondStopTarget(service.data, new Date()).to : null;

  useEffect(() => {
    if (ownsService && phoneNumber) patchSession({ phoneNumber });
  }, [ownsService, phoneNumber, patchSession]);
  useEffect(() => {
    if (ownsService && targetPath) navigate(targetPath, { replace: true });
  }, [ownsService, targetPath, navigate]);

  const failure = !ownsService && !validToken ? 'invalid' : link.failure;
  if (failure === 'invalid' || failure === 'expired') {
    return (
      <main className="get-service">
        <h1 className="get-service__title">{t(`errors.${failure}.title`)}</h1>
        <p role="alert">{t(`errors.${failure}.text`)}</p>
      </main>
    );
  }
  const offline = failure === 'offline' || (ownsService && service.isError);
  return (
    <main className="get-service">
      <h1 className="get-service__title">{t('title')}</h1>
      {offline ? (
        <>
          <p role="alert">{t('offline')}</p>
          <Button
            onClick={() => {
              if (ownsService) void service.refetch();
              else link.retry();
            }}
          >
            {t('retry')}
          </Button>
        </>
      ) : (
        <p role="status">{t('loading')}</p>
      )}
    </main>
  );
}
