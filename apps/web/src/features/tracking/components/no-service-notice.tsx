import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClassName } from '../../../components/ui/button/button-class.ts';

/** Tracking screens opened on a device that holds no service: say so and offer a new request. */
export function NoServiceNotice() {
  const { t } = useTranslation('tracking');
  return (
    <main className="tracking-empty">
      <h1 className="tracking-empty__title">{t('empty.title')}</h1>
      <p>{t('empty.text')}</p>
      <Link href="/services" className={buttonClassName('primary')}>
        {t('empty.request')}
      </Link>
    </main>
  );
}
