import { PlannedScreen } from '../../features/placeholder/components/planned-screen.tsx';

/** /location/summary: built by the road-journey work (issue 3). */
export function Component() {
  return <PlannedScreen ns="location" titleKey="summary.title" />;
}
