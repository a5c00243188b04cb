import { GeotextLanding } from '../../features/geotext/components/geotext-landing.tsx';

/** SPEC 2 /geotext/landing: where the texted link opens. */
export function Component() {
  return <GeotextLanding />;
}
