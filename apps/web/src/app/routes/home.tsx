import { HomeScreen } from '../../features/home/components/home-screen.tsx';
import { useShell } from './shell-context.ts';

export function Component() {
  const { openHelp } = useShell();
  return <HomeScreen onOpenHelp={openHelp} />;
}
