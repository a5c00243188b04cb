import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildShareLink } from '@auxilio/domain';
import { useApi } from '../../../lib/use-api.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { shareLinkToken } from '../api/share-link-token.ts';
import './share-button.css';

export interface ShareButtonProps {
  serviceId: string;
  brand: string;
  /** SPEC 2 "Users inside a webview cannot use the share button": nothing renders there. */
  isFromWebview: boolean;
  /** Origin of the link (the page's own by default). */
  host?: string;
}

const COPIED_VISIBLE_MS = 3_000;

/**
 * Shares the tracking link (SPEC 9 "{host}/{serviceId}?account={brand}&redirect=tracking/loading"
 * plus the link token `t`, decisions 474/475): the phone's share sheet where there is one, else the
 * clipboard with 'Enlace copiado' (SPEC 2). Without a link token (offline) it says so instead of
 * sharing a link that cannot open.
 */
export function ShareButton({ serviceId, brand, isFromWebview, host }: ShareButtonProps) {
  const { t } = useTranslation(['tracking', 'common']);
  const api = useApi();
  const serviceToken = useSessionStore((state) => state.session.token);
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => {
      setCopied(false);
    }, COPIED_VISIBLE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [copied]);
  if (isFromWebview) return null;

  const share = async () => {
    setFailed(false);
    let shareToken: string;
    setBusy(true);
    try {
      shareToken = await shareLinkToken(api, { serviceId, serviceToken });
    } catch {
      setFailed(true);
      return;
    } finally {
      setBusy(false);
    }
    const url = buildShareLink({
      host: host ?? window.location.origin,
      serviceId,
      brand,
      shareToken,
    });
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: t('share.title'), url });
        return;
      } catch (error) {
        // The customer closed the sheet: nothing to do. Any other failure falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    await navigator.clipboard.writeText(url);
    setCopied(true);
  };

  return (
    <div className="share">
      <button
        type="button"
        className="share__button"
        disabled={busy}
        onClick={() => {
          void share();
        }}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            fill="currentColor"
            d="M18 16a3 3 0 0 0-2.4 1.2l-6.7-3.4a3 3 0 0 0 0-1.6l6.7-3.4A3 3 0 1 0 15 7l-6.7 3.4a3 3 0 1 0 0 3.2L15 17a3 3 0 1 0 3-1z"
          />
        </svg>
        {t('share.button')}
      </button>
      <p className="share__copied" role="status" aria-live="polite">
        {copied ? t('messages.linkCopied', { ns: 'common' }) : ''}
      </p>
      {failed && (
        <p className="share__failed" role="alert">
          {t('share.unavailable')}
        </p>
      )}
    </div>
  );
}
