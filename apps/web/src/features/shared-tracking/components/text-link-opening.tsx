import { useTranslation } from 'react-i18next';
import { useOpenTextLink } from '../../../api/text-link.ts';
import { Button } from '../../../components/ui/button/button.tsx';

/**
 * The landing opened from a text the system sent (decision 610): trades the link's token for the
 * service's session; once the session holds the service the landing continues as on the customer's
 * own phone. A link that is not valid or expired gets its page (in the words of a texted link),
 * never a blank one.
 */
export function TextLinkOpening({
  serviceId,
  linkToken,
  confirmData,
}: {
  serviceId: string;
  linkToken: string;
  confirmData: boolean;
}) {
  const { t } = useTranslation('shared-link');
  const link = useOpenTextLink({
    serviceId,
    linkToken,
    purpose: confirmData ? 'confirmData' : 'tracking',
  });
  if (link.failure === 'expired' || link.failure === 'invalid') {
    return (
      <main className="shared-tracking">
        <h1 className="shared-tracking__title">{t(`errors.${link.failure}.title`)}</h1>
        <p role="alert">{t(`textLink.${link.failure}`)}</p>
      </main>
    );
  }
  return (
    <main className="shared-tracking">
      <h1 className="shared-tracking__title">{t('title')}</h1>
      {link.failure === 'offline' ? (
        <>
          <p role="alert">{t('textLink.offline')}</p>
          <Button onClick={link.retry}>{t('textLink.retry')}</Button>
        </>
      ) : (
        <p role="status">{t('customer.loading')}</p>
      )}
    </main>
  );
}
