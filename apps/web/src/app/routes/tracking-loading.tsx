import { PlannedScreen } from '../../features/placeholder/components/planned-screen.tsx';

/** /tracking/loading: built by the road-journey work (issue 3). */
export function Component() {
  return <PlannedScreen ns="tracking" titleKey="loading.title" />;
}
