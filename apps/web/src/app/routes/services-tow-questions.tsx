import { PlannedScreen } from '../../features/placeholder/components/planned-screen.tsx';

/** /services/tow/questions: built by the road-journey work (issue 3). */
export function Component() {
  return <PlannedScreen ns="services" titleKey="towQuestions.title" />;
}
