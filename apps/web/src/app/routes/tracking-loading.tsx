import { CancelServiceButton } from '../../features/cancellation/index.ts';
import { LoadingScreen } from '../../features/tracking/components/loading-screen.tsx';

/** /tracking/loading: SPEC 2 "Tracking loading". */
export function Component() {
  return <LoadingScreen cancelSlot={<CancelServiceButton />} />;
}
