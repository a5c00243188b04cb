import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { BrandLogo } from '../../../components/ui/brand-logo/brand-logo.tsx';
import { brandAssetUrl, useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useInstallBanner, type InstallBannerDevice } from '../hooks/use-install-banner.ts';
import { CorporateIcon, type CorporateIconName } from './corporate-icon.tsx';
import { InstallBanner } from './install-banner.tsx';
import './corporate.css';

interface Tile {
  href: string;
  icon: CorporateIconName;
  key: 'requestAssistance' | 'services' | 'centers' | 'contact';
}

// SPEC 2: "four tiles: request assistance (/services), services (/corporate/services), centers
// (/corporate/centers), contact (/help)".
const TILES: readonly Tile[] = [
  { href: '/services', icon: 'assistance', key: 'requestAssistance' },
  { href: '/corporate/services', icon: 'services', key: 'services' },
  { href: '/corporate/centers', icon: 'centers', key: 'centers' },
  { href: '/help', icon: 'contact', key: 'contact' },
];

export interface CorporateHomeScreenProps {
  /** The device the install banner reads; the browser's by default. */
  installDevice?: () => InstallBannerDevice;
}

/** SPEC 2 "/corporate/home": logo, title, the four tiles and the add-to-home-screen banner. */
export function CorporateHomeScreen({ installDevice }: CorporateHomeScreenProps) {
  const { t } = useTranslation('corporate');
  const config = useRuntimeConfig();
  const banner = useInstallBanner(installDevice);
  return (
    <main className="corporate corporate-home">
      <div className="corporate-home__brand">
        <BrandLogo src={brandAssetUrl(config, 'logo')} name={config.brand.name} size="hero" />
      </div>
      <h1 className="corporate-home__title">{t('home.heading', { brand: config.brand.name })}</h1>
      <p className="corporate-home__lead">{t('home.lead')}</p>
      <nav aria-label={t('home.tilesLabel')}>
        <ul className="corporate-tiles">
          {TILES.map((tile) => (
            <li key={tile.key}>
              <Link
                href={tile.href}
                className={`corporate-tile${tile.key === 'requestAssistance' ? ' corporate-tile--primary' : ''}`}
              >
                <CorporateIcon name={tile.icon} />
                <span className="corporate-tile__label">{t(`home.tiles.${tile.key}.label`)}</span>
                <span className="corporate-tile__hint">{t(`home.tiles.${tile.key}.hint`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <InstallBanner
        banner={banner}
        appName={config.brand.manifest.shortName}
        iconUrl={brandAssetUrl(config, 'icon')}
      />
    </main>
  );
}
