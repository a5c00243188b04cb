import { DriverCallbackScreen } from '../../features/driver/components/driver-callback-screen.tsx';

// Where the identity provider returns the driver (docs/decisions/761).

export function Component() {
  return <DriverCallbackScreen />;
}
