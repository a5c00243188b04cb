import { PlannedScreen } from '../../features/placeholder/components/planned-screen.tsx';

/** /plate: built by the road-journey work (issue 3). */
export function Component() {
  return <PlannedScreen ns="plate" titleKey="title" />;
}
