import { PlannedScreen } from '../../features/placeholder/components/planned-screen.tsx';

/** /feedback: built by the road-journey work (issue 3). */
export function Component() {
  return <PlannedScreen ns="survey" titleKey="feedback.title" />;
}
