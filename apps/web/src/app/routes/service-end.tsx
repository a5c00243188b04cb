import { useLocation } from 'wouter';
import { ServiceEndScreen } from '../../features/service-end/index.ts';
import { useService } from '../../api/service-query.ts';
import { useShell } from './shell-context.ts';

/** /cancelled and /finished: SPEC 2 "Same screen", titled by the route. */
export function Component() {
  const [path] = useLocation();
  const { openHelp } = useShell();
  const service = useService();
  return (
    <ServiceEndScreen
      kind={path === '/finished' ? 'finished' : 'cancelled'}
      service={service.data ?? null}
      loading={service.isLoading}
      onHelp={openHelp}
    />
  );
}
