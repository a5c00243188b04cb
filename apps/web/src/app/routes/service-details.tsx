import { PlannedScreen } from '../../features/placeholder/components/planned-screen.tsx';

/** /service-details: built by the road-journey work (issue 3). */
export function Component() {
  return <PlannedScreen ns="summary" titleKey="details.title" />;
}
