import type { ServiceType } from '@auxilio/domain';
import type { Repositories } from '../repositories/index.ts';

/** SPEC 7 GET /services/types/all: "list of name and category" (the 23 of SPEC 1). */
export function listServiceTypes(
  repos: Pick<Repositories, 'serviceTypes'>,
): Promise<ServiceType[]> {
  return repos.serviceTypes.listAll();
}
