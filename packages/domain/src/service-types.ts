import { z } from 'zod/mini';

// SPEC 1: the 15 road and 8 home service types; SPEC 3 "Service type: name, category".

/** Road service type names, in the order of SPEC 1. */
export const ROAD_SERVICE_TYPES = [
  'locksmith',
  'flatTire',
  'fuelDelivery',
  'jumpStart',
  'towBreakdown',
  'towTire',
  'towExtraction',
  'towCollision',
  'inspections',
  'ambulance',
  'conductor_designado',
  'coordinacion_reparacion_neumatico',
  'asistencia_viajes_nacionales',
  'glass_replacement',
  'taxi_to_airport',
] as const;

/** Home service categories, in the order of SPEC 1. */
export const HOME_SERVICE_TYPES = [
  'Plumbing',
  'Handyman',
  'Electricity',
  'Home Locksmith',
  'Glassworks',
  'Fall Prevention',
  'Tech Assistance',
  'Pest Control',
] as const;

export type RoadServiceType = (typeof ROAD_SERVICE_TYPES)[number];
export type HomeServiceType = (typeof HOME_SERVICE_TYPES)[number];
export type ServiceTypeName = RoadServiceType | HomeServiceType;

export const SERVICE_CATEGORIES = ['road', 'home'] as const;
export const ServiceCategorySchema = z.enum(SERVICE_CATEGORIES);
export type ServiceCategory = z.infer<typeof ServiceCategorySchema>;

/**
 * The legacy wire spelling of towCollision. SPEC 1: "towCollision (also spelled towCollission)".
 * Kept on the wire as an accepted input; we always answer with the canonical spelling.
 */
export const TOW_COLLISION_ALIAS = 'towCollission';

/** Canonical service type name for a wire value, or undefined when unknown. */
export function canonicalServiceType(name: string): ServiceTypeName | undefined {
  const canonical = name === TOW_COLLISION_ALIAS ? 'towCollision' : name;
  return (ALL_SERVICE_TYPE_NAMES as readonly string[]).includes(canonical)
    ? (canonical as ServiceTypeName)
    : undefined;
}

export const ALL_SERVICE_TYPE_NAMES: readonly ServiceTypeName[] = [
  ...ROAD_SERVICE_TYPES,
  ...HOME_SERVICE_TYPES,
];

/** Accepts any service type name, including the towCollission alias, and yields the canonical one. */
export const ServiceTypeNameSchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((value, ctx) => {
      const canonical = canonicalServiceType(value);
      if (!canonical) {
        ctx.issues.push({
          code: 'custom',
          message: `Unknown service type '${value}'`,
          input: value,
        });
        return z.NEVER;
      }
      return canonical;
    }),
  ),
  z.enum([...ROAD_SERVICE_TYPES, ...HOME_SERVICE_TYPES]),
);

export const ServiceTypeSchema = z.object({
  name: z.enum([...ROAD_SERVICE_TYPES, ...HOME_SERVICE_TYPES]),
  category: ServiceCategorySchema,
});
export type ServiceType = z.infer<typeof ServiceTypeSchema>;

/** The catalogue of SPEC 1 as name/category pairs (what GET /services/types/all returns). */
export const SERVICE_TYPES: readonly ServiceType[] = [
  ...ROAD_SERVICE_TYPES.map((name) => ({ name, category: 'road' as const })),
  ...HOME_SERVICE_TYPES.map((name) => ({ name, category: 'home' as const })),
];

/** The category (track) a service type belongs to in SPEC 1's catalogue. */
export function categoryOfServiceType(name: ServiceTypeName): ServiceCategory {
  return (HOME_SERVICE_TYPES as readonly string[]).includes(name) ? 'home' : 'road';
}

/** SPEC 9 "Tow subtypes: tire, extraction, collision" (plus the breakdown tow of SPEC 1). */
export const TOW_SERVICE_TYPES = [
  'towBreakdown',
  'towTire',
  'towExtraction',
  'towCollision',
] as const satisfies readonly RoadServiceType[];

/** True for every tow type. */
export function isTowServiceType(name: ServiceTypeName): boolean {
  return (TOW_SERVICE_TYPES as readonly string[]).includes(name);
}

/** SPEC 4: "ambulance or asistencia_viajes_nacionales opens a call drawer". */
export const CALL_DRAWER_SERVICE_TYPES = [
  'ambulance',
  'asistencia_viajes_nacionales',
] as const satisfies readonly RoadServiceType[];

/**
 * Road types shown to every account; the rest appear only when the account lists them in
 * pwaRoadServicesAllowed. SPEC 2 "/services": "Road tiles add extra services only if the account
 * lists road services allowed in the app." Which types are "extra" is not shown: see
 * docs/decisions (road tiles).
 */
export const BASE_ROAD_SERVICE_TYPES = [
  'locksmith',
  'flatTire',
  'fuelDelivery',
  'jumpStart',
  'towBreakdown',
  'ambulance',
] as const satisfies readonly RoadServiceType[];
