import type { TripVehicle } from '@auxilio/domain';
import type { ServiceRow } from '../repositories/services.ts';

/** The customer's vehicle as the driver app and the console show it; null when none was named. */
export function tripVehicleOf(
  service: Pick<ServiceRow, 'vehicleMake' | 'vehicleModel' | 'vehicleColor' | 'vehiclePlate'>,
): TripVehicle {
  const vehicle = {
    make: service.vehicleMake,
    model: service.vehicleModel,
    color: service.vehicleColor,
    plate: service.vehiclePlate,
  };
  return Object.values(vehicle).some((value) => value !== null && value !== '') ? vehicle : null;
}
