import { PlannedScreen } from '../../features/placeholder/components/planned-screen.tsx';

/** /location: built by the road-journey work (issue 3). */
export function Component() {
  return <PlannedScreen ns="location" titleKey="location.title" />;
}
