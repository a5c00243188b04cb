import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildShareLink } from '@auxilio/domain';
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
 * Shares the tracking link (SPEC 9 "{host}/{serviceId}?account={brand}&redirect=tracking/loading"):
 * the phone's share sheet where there is one, else the clipboard with 'Enlace copiado' (SPEC 2).
 */
export function ShareButton({ serviceId, brand, isFromWebview, host }: ShareButtonProps) {
  const { t } = useTranslation(['tracking', 'common']);
  const [copied, setCopied] = useState(false);
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
    const url = buildShareLink({ host: host ?? window.location.origin, serviceId, brand });
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
    </div>
  );
}
