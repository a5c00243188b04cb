import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export interface ServiceWords {
  /** A service type (`situation`, e.g. "flatTire") as the customer and driver screens name it. */
  situationName: (situation: string) => string;
  /** A driver's vehicle type (e.g. "tow_truck") in words. */
  vehicleName: (vehicleType: string) => string;
}

/**
 * The words the console shows for a service's and a vehicle's type. Service types come from the
 * driver app's texts (`driver`, loaded with the console's own by the route), so a service reads the
 * same for the dispatcher as for the customer and the driver; vehicle types from the console's. A
 * type without a name yet shows its id, readable.
 */
export function useServiceWords(): ServiceWords {
  const { t } = useTranslation(['dispatcher', 'driver']);
  const situationName = useCallback(
    (situation: string) => t(`driver:serviceTypes.${situation}`, { defaultValue: situation }),
    [t],
  );
  const vehicleName = useCallback(
    (vehicleType: string) =>
      t(`dispatcher:vehicleType.${vehicleType}`, {
        defaultValue: vehicleType.replaceAll('_', ' '),
      }),
    [t],
  );
  return { situationName, vehicleName };
}
