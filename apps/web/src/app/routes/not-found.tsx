import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '../../components/ui/button/button-class.ts';
import { ErrorScreen } from '../../features/errors/components/error-screen.tsx';

export function Component() {
  const { t } = useTranslation('errors');
  return (
    <ErrorScreen title={t('notFound.title')} message={t('notFound.message')}>
      <Link href="/" className={buttonClassName('primary')}>
        {t('notFound.home')}
      </Link>
    </ErrorScreen>
  );
}
