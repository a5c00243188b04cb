import { PlannedScreen } from '../../features/placeholder/components/planned-screen.tsx';

/** /clients: built by the road-journey work (issue 3). */
export function Component() {
  return <PlannedScreen ns="clients" titleKey="title" />;
}
