import { useRef } from 'react';
import { useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { backArrowAction, showsCloseControl, showsCoBranding } from '@auxilio/domain';
import { BrandLogo } from '../../../components/ui/brand-logo/brand-logo.tsx';
import {
  brandAssetUrl,
  providerLogoUrl,
  useRuntimeConfig,
} from '../../../config/runtime-config-context.ts';
import { hasInAppHistory } from '../../../lib/history-depth.ts';
import { postClosedToHost } from '../../../lib/webview.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useEqualHeaderSides } from '../hooks/use-equal-header-sides.ts';
import './app-header.css';

export interface AppHeaderProps {
  onOpenHelp: () => void;
}

/** SPEC 2 header: back arrow, brand logo, Ayuda, and a close control inside a webview. */
export function AppHeader({ onOpenHelp }: AppHeaderProps) {
  const { t } = useTranslation('common');
  const config = useRuntimeConfig();
  const [pathname, navigate] = useLocation();
  const isFromWebview = useSessionStore((state) => state.session.userExternalParams.isFromWebview);
  const back = backArrowAction(pathname, isFromWebview);
  const coBranded = showsCoBranding(pathname, config.brand.coBranded);
  const closeControl = showsCloseControl(isFromWebview);
  const headerRef = useRef<HTMLElement>(null);
  const startRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  useEqualHeaderSides(headerRef, startRef, endRef);

  const goBack = () => {
    if (back === 'close-webview') {
      postClosedToHost();
      return;
    }
    // A first page opened from a link has no in-app history: go home instead of leaving the app.
    if (hasInAppHistory()) window.history.back();
    else navigate('/');
  };

  return (
    <header className="app-header" ref={headerRef}>
      <div className="app-header__start" ref={startRef}>
        {back === 'hidden' ? null : (
          <button
            type="button"
            className="app-header__icon-button"
            aria-label={t('header.back')}
            onClick={goBack}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path
                d="M15 5l-7 7 7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.25"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        )}
      </div>
      <div className="app-header__brand">
        {coBranded ? (
          <>
            {/* The provider's logo is drawn for a light background, whatever the brand's header. */}
            <span className="app-header__provider">
              <BrandLogo src={providerLogoUrl()} name={t('header.providerName')} />
            </span>
            <span className="app-header__divider" aria-hidden="true" />
          </>
        ) : null}
        <BrandLogo src={brandAssetUrl(config, 'logo')} name={config.brand.name} />
      </div>
      <div className="app-header__end" ref={endRef}>
        <button type="button" className="app-header__help" onClick={onOpenHelp}>
          {t('header.help')}
        </button>
        {closeControl ? (
          <button
            type="button"
            className="app-header__icon-button"
            aria-label={t('header.close')}
            onClick={() => {
              postClosedToHost();
            }}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2.25"
                strokeLinecap="round"
              />
            </svg>
          </button>
        ) : null}
      </div>
    </header>
  );
}
