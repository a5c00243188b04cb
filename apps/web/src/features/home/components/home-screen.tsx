import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { splitFullName } from '@auxilio/domain';
import { BrandLogo } from '../../../components/ui/brand-logo/brand-logo.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { buttonClassName } from '../../../components/ui/button/button-class.ts';
import { brandAssetUrl, useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import './home-screen.css';

export interface HomeScreenProps {
  onOpenHelp: () => void;
}

/** SPEC 2 "/ Home": the brand, a greeting, the way to request assistance, and help. */
export function HomeScreen({ onOpenHelp }: HomeScreenProps) {
  const { t } = useTranslation('home');
  const config = useRuntimeConfig();
  const fullName = useSessionStore((state) => state.session.userExternalParams.fullName);
  const firstName = fullName ? splitFullName(fullName).firstName : '';
  return (
    <main className="home">
      {/* Logos are drawn for the header colour, so the hero logo sits on it too. */}
      <div className="home__brand">
        <BrandLogo src={brandAssetUrl(config, 'logo')} name={config.brand.name} size="hero" />
      </div>
      <h1 className="home__title">
        {firstName ? t('greetingNamed', { name: firstName }) : t('greeting')}
      </h1>
      <p className="home__lead">{t('lead', { brand: config.brand.name })}</p>
      <div className="home__actions">
        <Link href="/services" className={buttonClassName('primary')}>
          {t('requestAssistance')}
        </Link>
        <Button variant="secondary" onClick={onOpenHelp}>
          {t('needHelp')}
        </Button>
      </div>
    </main>
  );
}
