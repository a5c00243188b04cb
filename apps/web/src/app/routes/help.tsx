import { useRuntimeConfig } from '../../config/runtime-config-context.ts';
import { HelpPage } from '../../features/help/components/help-page.tsx';
import { useShell } from './shell-context.ts';

export function Component() {
  const config = useRuntimeConfig();
  const { branch } = useShell();
  return <HelpPage brand={config.brand} branch={branch} />;
}
