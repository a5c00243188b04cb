import { PlannedScreen } from '../../features/placeholder/components/planned-screen.tsx';

/** /service-summary: built by the road-journey work (issue 3). */
export function Component() {
  return <PlannedScreen ns="summary" titleKey="summary.title" />;
}
