import { DriverHomeScreen } from '../../features/driver/components/driver-home-screen.tsx';

// The driver app (docs/decisions/761): its own lazy chunk, never loaded by the customer screens.

export function Component() {
  return <DriverHomeScreen />;
}
