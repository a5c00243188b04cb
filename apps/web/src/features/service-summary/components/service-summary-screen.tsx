import { useTranslation } from 'react-i18next';
import { ServiceScreen } from './service-screen.tsx';

/**
 * /service-summary (SPEC 4 "with a schedule go to /service-summary"): the scheduled service with its
 * number, date and time in the branch's zone, situation, address and vehicle, and Ok.
 */
export function ServiceSummaryScreen() {
  const { t } = useTranslation('summary');
  return <ServiceScreen title={t('summary.title')} lead={t('summary.lead')} />;
}
