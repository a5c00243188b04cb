import { useTranslation } from 'react-i18next';
import { helpContacts, telLink, type Branch, type Brand } from '@auxilio/domain';
import { buttonClassName } from '../../../components/ui/button/button-class.ts';
import { usePhoneDisplay } from '../../../lib/phone-display.ts';
import './help-page.css';

export interface HelpPageProps {
  brand: Brand;
  branch: Branch | null;
}

/** SPEC 2 "/help" (post-service): the brand's help contacts on a page of their own. */
export function HelpPage({ brand, branch }: HelpPageProps) {
  const { t } = useTranslation(['help', 'common']);
  const { phone, chatUrl } = helpContacts(brand, branch);
  const phoneText = usePhoneDisplay(phone, branch ?? brand.country);
  return (
    <main className="help-page">
      <h1 className="help-page__title">{t('title')}</h1>
      <p className="help-page__lead">{t('lead', { brand: brand.name })}</p>
      <div className="help-page__actions">
        {phone ? (
          <a className={buttonClassName('primary')} href={telLink(phone)}>
            {t('common:help.call')} · {phoneText}
          </a>
        ) : null}
        {chatUrl ? (
          <a
            className={buttonClassName('secondary')}
            href={chatUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('common:help.chat')}
          </a>
        ) : null}
      </div>
    </main>
  );
}
