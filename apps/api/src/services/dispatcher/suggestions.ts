import { vehicleTypesForServiceType, type DriverSuggestion } from '@auxilio/domain';
import type { Repositories } from '../../repositories/index.ts';
import { rankCandidates } from '../dispatch/engine.ts';
import type { DispatcherContext } from './dispatcher-auth.ts';
import { serviceInScope } from './service-detail.ts';

// `GET /dispatcher/services/{id}/suggestions` (docs/decisions/762): the drivers the engine would
// offer the service to (docs/decisions/760), nearest by ETA first (SPEC 5), among the drivers the
// dispatcher may assign.

/** Most suggestions the console shows beside a service. */
export const SUGGESTIONS_MAX = 10;

export async function suggestDrivers(
  repos: Pick<Repositories, 'dispatcherActions' | 'services'>,
  context: DispatcherContext,
  serviceId: string,
): Promise<DriverSuggestion[]> {
  const service = await serviceInScope(repos, context, serviceId);
  const candidates = await repos.dispatcherActions.listSuggestionCandidates(
    service,
    vehicleTypesForServiceType(service.situation),
    context.driverBranches,
  );
  const byId = new Map(candidates.map((driver) => [driver.id, driver]));
  return rankCandidates(service, candidates)
    .slice(0, SUGGESTIONS_MAX)
    .flatMap((ranked) => {
      const driver = byId.get(ranked.driverId);
      if (!driver) return [];
      return {
        driverId: driver.id,
        name: driver.name,
        vehicleType: driver.vehicleType,
        etaSeconds: Math.round(ranked.etaSeconds),
        distanceMeters: Math.round(ranked.distanceMeters),
        lastSeenAt: driver.lastSeenAt?.toISOString() ?? null,
      };
    });
}
