import { ServiceSummaryScreen } from '../../features/service-summary/components/service-summary-screen.tsx';
import '../../features/services/components/flow-screen.css';

/** /service-summary: the scheduled service (SPEC 4). */
export function Component() {
  return <ServiceSummaryScreen />;
}
