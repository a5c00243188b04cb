import { OptionsScreen } from '../../features/options/components/options-screen.tsx';

export function Component() {
  return <OptionsScreen />;
}
