import { PlannedScreen } from '../../features/placeholder/components/planned-screen.tsx';

/** /other-options/:option: built by the road-journey work (issue 3). */
export function Component() {
  return <PlannedScreen ns="other-options" titleKey="title" />;
}
