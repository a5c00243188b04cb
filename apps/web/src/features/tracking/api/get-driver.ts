import { useQuery } from '@tanstack/react-query';
import { DriverByIdResponseSchema } from '@auxilio/domain';
import { useApi } from '../../../lib/use-api.ts';

// SPEC 7 `GET /providers/drivers/driverById/{id}`: "reads employeeImage, vehicleImage".

export const driverKeys = {
  detail: (id: string) => ['drivers', id] as const,
};

/** The assigned driver's details; a new driver id reads again (SPEC 4 "a driver change updates"). */
export function useDriverDetails(driverId: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: driverKeys.detail(driverId ?? ''),
    queryFn: () =>
      api.get(
        `/providers/drivers/driverById/${encodeURIComponent(driverId ?? '')}`,
        DriverByIdResponseSchema,
      ),
    enabled: driverId !== undefined,
    staleTime: 5 * 60_000,
  });
}
