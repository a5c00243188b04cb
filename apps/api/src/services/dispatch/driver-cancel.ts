import { canTransitionServiceStatus, statusNumberOf, type ServiceStatus } from '@auxilio/domain';
import { AppError } from '../../lib/errors.ts';
import type { DriverRow } from '../../repositories/drivers.ts';
import type { Repositories } from '../../repositories/index.ts';

// `POST .../services/:id/cancel` (docs/decisions/760): the driver gives an assigned service back.
// SPEC 4 "needs-no-driver = new, cancelled_by_driver": the service is Queued again, its status
// number cancelled_by_driver (8) and then new (1), its driver freed, and dispatch looks for another
// driver at once, never this one again. The customer's screen goes back to "looking for a provider"
// (its tracking poll sends a Queued service to the loading screen, decision 123). The driver's
// reason is for operations, not for the customer's history: it is logged by the route.

export async function cancelByDriver(
  repos: Pick<Repositories, 'dispatch' | 'services'>,
  driver: DriverRow,
  serviceId: string,
  now: Date,
): Promise<void> {
  const outcome = await repos.services.changeWith(serviceId, async (service, tx) => {
    if (service.driverId !== driver.id) {
      throw new AppError('FORBIDDEN', 'This service is not assigned to this driver');
    }
    const from = service.status as ServiceStatus;
    if (from !== 'Active' || !canTransitionServiceStatus(from, 'Queued')) {
      throw new AppError('CONFLICT', `The service is ${from}: it cannot be given back`);
    }
    if (service.tripStatus === 'FINISHED') {
      throw new AppError('CONFLICT', 'The trip is finished: it cannot be given back');
    }
    await repos.dispatch.excludeDriver(tx, service.id, driver.id, now);
    const at = now.toISOString();
    const created = service.tripStamps.NEW;
    return {
      patch: {
        status: 'Queued',
        statusNumber: statusNumberOf('new'),
        driverId: null,
        tripStatus: 'NEW',
        tripStamps: created ? { NEW: created } : {},
        providerName: null,
        providerLat: null,
        providerLng: null,
        simulatedEtaSeconds: null,
        driverEtaSeconds: null,
        driverDistanceMeters: null,
        dispatchAt: now,
        dispatchAttempts: 0,
      },
      events: [
        {
          type: 'status',
          payload: {
            status: 'Queued',
            statusNumber: statusNumberOf('cancelled_by_driver'),
            previousStatus: from,
          },
        },
        {
          type: 'dispatch',
          payload: { step: 'driver_cancelled', driverId: driver.id, at },
        },
        {
          type: 'status',
          payload: {
            status: 'Queued',
            statusNumber: statusNumberOf('new'),
            previousStatus: 'Queued',
          },
        },
      ],
      driver: { id: driver.id, patch: { status: 'available', pendingSituation: null } },
    };
  });
  if (!outcome) throw new AppError('FORBIDDEN', 'This service is not assigned to this driver');
}
