import { mapCenterOf, type LatLng } from '@auxilio/domain';
import type { AtlasCountry } from './types.ts';

export interface CountryRegion {
  name: string;
  /** [west, south, east, north] in degrees: the demo map's bounds and the atlas clip box. */
  bbox: [number, number, number, number];
  /** Where a map of this country opens (the domain's branch map centre, SPEC 9 / decision 112). */
  centre: LatLng;
}

// Decision 210: boxes around each country with its islands (Vieques and Culebra, San Andrés,
// Mexico's Pacific islands), used to clip the atlas and to bound the demo map.
const BOXES: Record<AtlasCountry, { name: string; bbox: CountryRegion['bbox'] }> = {
  PR: { name: 'Puerto Rico', bbox: [-67.95, 17.85, -65.2, 18.55] },
  PA: { name: 'Panamá', bbox: [-83.1, 7.1, -77.1, 9.7] },
  CR: { name: 'Costa Rica', bbox: [-86.0, 8.0, -82.5, 11.25] },
  CO: { name: 'Colombia', bbox: [-82.0, -4.3, -66.8, 13.5] },
  MX: { name: 'México', bbox: [-118.5, 14.4, -86.6, 32.8] },
};

export const COUNTRY_REGIONS: Record<AtlasCountry, CountryRegion> = {
  PR: { ...BOXES.PR, centre: mapCenterOf('PR') },
  PA: { ...BOXES.PA, centre: mapCenterOf('PA') },
  CR: { ...BOXES.CR, centre: mapCenterOf('CR') },
  CO: { ...BOXES.CO, centre: mapCenterOf('CO') },
  MX: { ...BOXES.MX, centre: mapCenterOf('MX') },
};
