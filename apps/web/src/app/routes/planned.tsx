import { useMatches } from 'react-router';
import { PlannedScreen } from '../../features/placeholder/components/planned-screen.tsx';
import type { PlannedHandle } from './route-table.tsx';

/** The screen of every route in route-table.tsx that a later version builds. */
export function Component() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as PlannedHandle | undefined;
  if (!handle) throw new Error('A planned route needs its handle');
  return <PlannedScreen ns={handle.planned.ns} titleKey={handle.planned.titleKey} />;
}
