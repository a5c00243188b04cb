import { useTranslation } from 'react-i18next';
import { ServiceScreen } from './service-screen.tsx';

/** /service-details (SPEC 2 "Summaries"): the same facts, read-only, for a live service. */
export function ServiceDetailsScreen() {
  const { t } = useTranslation('summary');
  return <ServiceScreen title={t('details.title')} />;
}
