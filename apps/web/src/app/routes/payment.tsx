import { PlannedScreen } from '../../features/placeholder/components/planned-screen.tsx';

/** /payment: built by the road-journey work (issue 3). */
export function Component() {
  return <PlannedScreen ns="payment" titleKey="title" />;
}
