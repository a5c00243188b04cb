import { CancelServiceButton } from '../../features/cancellation/index.ts';
import { ServiceSummaryScreen } from '../../features/service-summary/components/service-summary-screen.tsx';
import '../../features/services/components/flow-screen.css';

/** /service-summary: the scheduled or home service (SPEC 4), which the customer may cancel. */
export function Component() {
  return <ServiceSummaryScreen cancelSlot={<CancelServiceButton />} />;
}
