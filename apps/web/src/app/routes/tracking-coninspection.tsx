import { InspectionScreen } from '../../features/tracking/components/inspection-screen.tsx';

/** /tracking/coninspection: SPEC 2 "document your accident while you wait for the inspector". */
export function Component() {
  return <InspectionScreen />;
}
