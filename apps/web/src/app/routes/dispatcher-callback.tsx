import { DispatcherCallbackScreen } from '../../features/dispatcher-console/components/dispatcher-callback-screen.tsx';

// Where the identity provider returns the dispatcher (docs/decisions/762).

export function Component() {
  return <DispatcherCallbackScreen />;
}
