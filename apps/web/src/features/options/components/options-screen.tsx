import { useSearchParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { buttonClassName } from '../../../components/ui/button/button-class.ts';
import { branchFromQuery, homeLinkFor, optionAccounts } from '../utils/account-id.ts';
import './options-screen.css';

/**
 * SPEC 2 "/options: Member or visitor options: reads query branch (default pr); two buttons go to /
 * with account and brand query, one for a member and one for a visitor account". Plain links: the
 * page loads with that query, so the entry parameters are applied where every entry applies them
 * (boot, `applyEntryParams`) and the chosen account's configuration and theme load (decision 612).
 */
export function OptionsScreen() {
  const { t } = useTranslation('options');
  const config = useRuntimeConfig();
  const [searchParams] = useSearchParams();
  const branch = branchFromQuery(searchParams.get('branch'));
  const brand = config.brand.slug;
  const ids = optionAccounts(config.brandAccounts, branch);
  return (
    <main className="options">
      <h1 className="options__title">{t('title')}</h1>
      <p className="options__lead">{t('lead', { country: t(`countries.${branch}`) })}</p>
      {ids ? (
        <div className="options__actions">
          <a className={buttonClassName('primary')} href={homeLinkFor(ids.member, brand)}>
            {t('member')}
          </a>
          <a className={buttonClassName('secondary')} href={homeLinkFor(ids.visitor, brand)}>
            {t('visitor')}
          </a>
        </div>
      ) : (
        <p role="status">{t('unavailable')}</p>
      )}
    </main>
  );
}
