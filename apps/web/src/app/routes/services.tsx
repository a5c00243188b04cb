import { PlannedScreen } from '../../features/placeholder/components/planned-screen.tsx';

/** /services: built by the road-journey work (issue 3). */
export function Component() {
  return <PlannedScreen ns="services" titleKey="picker.title" />;
}
