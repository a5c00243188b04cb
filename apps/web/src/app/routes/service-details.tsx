import { ServiceDetailsScreen } from '../../features/service-summary/components/service-details-screen.tsx';
import '../../features/services/components/flow-screen.css';

/** /service-details: the live service's facts, read-only (SPEC 2 "Summaries"). */
export function Component() {
  return <ServiceDetailsScreen />;
}
