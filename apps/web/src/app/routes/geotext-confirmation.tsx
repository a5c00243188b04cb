import { GeotextConfirmation } from '../../features/geotext/components/geotext-confirmation.tsx';

/** SPEC 2 /geotext/confirmation ('Recibido'). */
export function Component() {
  return <GeotextConfirmation />;
}
