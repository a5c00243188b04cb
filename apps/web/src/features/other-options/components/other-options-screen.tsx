import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { resetForCheckLimit, telLink, type Account } from '@auxilio/domain';
import { buttonClassName } from '../../../components/ui/button/button-class.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import type { OtherOption } from '../utils/other-option.ts';

export interface OtherOptionsScreenProps {
  option: OtherOption | null;
  /** The account in use; undefined while it loads. */
  account: Account | undefined;
  /** Number to call: the account's, else the brand's help phone. */
  phone: string | null;
  /** Reloads the app on another account (the Visitor account's runtime config). */
  openAccount: (url: string) => void;
}

/**
 * SPEC 2 "/other-options/{option}: Includes vehicleNotFound and exceedLimit" (SPEC 8). What the
 * customer can do next (decision 274): call the call centre, try another plate (not found) or
 * another service (over the limit), or go on paying as a visitor, which hops to the brand's Visitor
 * account with SPEC 4's check-limit reset (`isFromCheckLimit=true`) and asks the client form.
 */
export function OtherOptionsScreen({
  option,
  account,
  phone,
  openAccount,
}: OtherOptionsScreenProps) {
  const { t } = useTranslation('other-options');
  const config = useRuntimeConfig();
  const [, navigate] = useLocation();
  const messages = useSessionStore((state) => state.session.checkLimitErrors);
  const updateSession = useSessionStore((state) => state.updateSession);
  const kind = option ?? 'unknown';
  const visitorId = account
    ? (config.brandAccounts.find((a) => a.branch === account.branch && a.kind === 'visitor')?.id ??
      null)
    : null;

  const continuePaying = () => {
    if (!account) return;
    // SPEC 4 "The check-limit reset keeps category, situation, service type, contract and client
    // form and stores the current account as the previous one".
    updateSession((s) => ({ ...resetForCheckLimit(s, account._id), surplus: null }));
    if (visitorId && visitorId !== account._id) {
      const query = new URLSearchParams({
        account: visitorId,
        brand: config.brand.slug,
        isFromCheckLimit: 'true',
      });
      openAccount(`/clients?${query.toString()}`);
    } else {
      navigate('/clients');
    }
  };

  return (
    <main className="flow-screen">
      <h1 className="flow-screen__title">{t(`${kind}.title`)}</h1>
      <p className="flow-screen__lead">{t(`${kind}.text`)}</p>
      {option === 'exceedLimit' && messages.length > 0 ? (
        <ul className="other-options__messages">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      <div className="flow-screen__footer flow-screen__actions">
        {phone ? (
          <a className={buttonClassName('primary')} href={telLink(phone)}>
            {t('actions.call', { phone })}
          </a>
        ) : null}
        {option === 'vehicleNotFound' ? (
          <Link className={buttonClassName('secondary')} href="/plate">
            {t('actions.tryAgain')}
          </Link>
        ) : (
          <Link className={buttonClassName('secondary')} href="/services">
            {t('actions.otherService')}
          </Link>
        )}
        {option && account ? (
          <Button variant="secondary" onClick={continuePaying}>
            {t('actions.continuePaying')}
          </Button>
        ) : null}
      </div>
    </main>
  );
}
