import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button.tsx';
import { buttonClassName } from '../../../components/ui/button/button-class.ts';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import './social.css';

export interface SocialScreenProps {
  /** Ends the journey (SPEC 4 "Reset"). */
  onDone: () => void;
}

/**
 * SPEC 2 "Social: 'Share your experience' with links to two social networks". The two links are
 * the brand's (`social` in brand.json, exactly two by the brand schema; decision 313).
 */
export function SocialScreen({ onDone }: SocialScreenProps) {
  const { t } = useTranslation(['survey', 'common']);
  const { brand } = useRuntimeConfig();
  return (
    <main className="post-service">
      <h1 className="post-service__title">{t('social.title')}</h1>
      <p className="post-service__text">{t('social.text', { brand: brand.name })}</p>
      <ul className="post-service__links">
        {brand.social.map((link) => (
          <li key={link.url}>
            <a
              className={buttonClassName('secondary')}
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('social.link', { network: t(`networks.${link.network}`) })}
              <span className="post-service__hidden"> {t('social.newTab')}</span>
            </a>
          </li>
        ))}
      </ul>
      <div className="post-service__actions">
        <Button onClick={onDone}>{t('social.done')}</Button>
      </div>
    </main>
  );
}
