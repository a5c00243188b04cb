import { DispatcherHomeScreen } from '../../features/dispatcher-console/components/dispatcher-home-screen.tsx';

// The dispatcher's console (docs/decisions/762): its own lazy chunk, never loaded by the customer
// screens nor precached for them.

export function Component() {
  return <DispatcherHomeScreen />;
}
