import { PlannedScreen } from '../../features/placeholder/components/planned-screen.tsx';

/** /cancelled: built by the road-journey work (issue 3). */
export function Component() {
  return <PlannedScreen ns="service-end" titleKey="cancelled.title" />;
}
