import { ServiceTypeSchema, type ServiceType } from '@auxilio/domain';
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serviceTypes } from '../db/schema.ts';

export interface ServiceTypesRepository {
  /** Every service type in catalogue order (SPEC 1: 15 road, then 8 home). */
  listAll(): Promise<ServiceType[]>;
}

export function createServiceTypesRepository(db: Db): ServiceTypesRepository {
  return {
    listAll: async () => {
      const rows = await db
        .select({ name: serviceTypes.name, category: serviceTypes.category })
        .from(serviceTypes)
        .orderBy(asc(serviceTypes.sortOrder), asc(serviceTypes.name));
      return rows.map((row) => ServiceTypeSchema.parse(row));
    },
  };
}
