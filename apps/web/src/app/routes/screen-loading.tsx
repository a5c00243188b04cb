import { useTranslation } from 'react-i18next';

/** While a screen's code loads: a quiet status line. */
export function ScreenLoading() {
  const { t } = useTranslation('common');
  return (
    <p className="screen-loading" role="status">
      {t('loading')}
    </p>
  );
}
