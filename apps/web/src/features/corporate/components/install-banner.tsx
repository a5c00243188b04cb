import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button.tsx';
import type { InstallBanner as InstallBannerState } from '../hooks/use-install-banner.ts';
import { CorporateIcon } from './corporate-icon.tsx';

export interface InstallBannerProps {
  banner: InstallBannerState;
  /** The brand's app name as the home screen will show it (manifest short name). */
  appName: string;
  iconUrl: string;
}

/**
 * SPEC 2 "Shows an add-to-home-screen banner on iOS or Android": on Android the browser's own
 * install dialog when it offers one, else where to find it in the menu; on iOS, Share -> "Add to
 * Home Screen" (Safari has no install dialog).
 */
export function InstallBanner({ banner, appName, iconUrl }: InstallBannerProps) {
  const { t } = useTranslation('corporate');
  if (!banner.visible) return null;
  const steps =
    banner.platform === 'ios' ? (
      <p className="install-banner__steps">
        {t('install.iosBefore')}{' '}
        <span className="install-banner__glyph">
          <CorporateIcon name="share" size={18} />
          <span className="install-banner__glyph-text">{t('install.iosShare')}</span>
        </span>{' '}
        {t('install.iosAfter')}
      </p>
    ) : banner.canPrompt ? (
      <p className="install-banner__steps">{t('install.androidPrompt')}</p>
    ) : (
      <p className="install-banner__steps">
        {t('install.androidMenuBefore')}{' '}
        <span className="install-banner__glyph">
          <CorporateIcon name="menu" size={18} />
          <span className="install-banner__glyph-text">{t('install.androidMenu')}</span>
        </span>{' '}
        {t('install.androidMenuAfter')}
      </p>
    );
  return (
    <aside className="install-banner" aria-labelledby="install-banner-title">
      <div className="install-banner__head">
        <img className="install-banner__icon" src={iconUrl} alt="" width={44} height={44} />
        <h2 id="install-banner-title" className="install-banner__title">
          {t('install.title', { app: appName })}
        </h2>
      </div>
      {steps}
      <div className="install-banner__actions">
        <Button variant="secondary" onClick={banner.dismiss}>
          {banner.platform === 'android' && banner.canPrompt
            ? t('install.notNow')
            : t('install.gotIt')}
        </Button>
        {banner.platform === 'android' && banner.canPrompt ? (
          <Button variant="primary" onClick={() => void banner.install()}>
            {t('install.install')}
          </Button>
        ) : null}
      </div>
    </aside>
  );
}
