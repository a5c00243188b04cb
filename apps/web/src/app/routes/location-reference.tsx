import { ReferenceAddressScreen } from '../../features/location/components/reference-address-screen.tsx';

/** /location/reference (SPEC 2 "Manual address"). */
export function Component() {
  return <ReferenceAddressScreen />;
}
