import { BRANCHES, normalizePlate, type Branch } from '@auxilio/domain';
import type { drivers, media } from '../schema.ts';
import {
  DRIVER_CITIES,
  asciiSlug,
  randomFullName,
  randomPhone,
  randomPlate,
  scatterAround,
} from './countries.ts';
import { SeededRandom, sha256Hex, stableId } from './random.ts';
import { VEHICLE_TYPES, avatarSvg, vehicleSvg, type VehicleType } from './svg.ts';

type DriverRow = typeof drivers.$inferInsert;
type MediaRow = typeof media.$inferInsert;

/** Drivers per city; five cities make 65 (the demo needs at least 60 to dispatch from). */
export const DRIVERS_PER_BRANCH = 13;

/** URL path the API serves a media row at (`/common/media/<id>.svg`). */
export function mediaUrl(id: string): string {
  return `/common/media/${id}.svg`;
}

/** Fleet mix of one city, by position: mostly tow trucks, then service cars, vans and a motorcycle. */
const FLEET: readonly VehicleType[] = [
  'tow_truck',
  'tow_truck',
  'flatbed',
  'service_car',
  'tow_truck',
  'van',
  'service_car',
  'tow_truck',
  'motorcycle',
  'flatbed',
  'service_car',
  'van',
  'tow_truck',
];

/** Map icon set per vehicle type. */
const ICONSETS: Readonly<Record<VehicleType, string>> = {
  tow_truck: 'tow',
  flatbed: 'tow',
  service_car: 'car',
  motorcycle: 'motorcycle',
  van: 'home',
};

/** Fixed instant of the seeded positions, so a second seed writes the same rows. */
const SEED_SEEN_AT = new Date('2026-01-01T12:00:00.000Z');

export interface DemoDrivers {
  drivers: DriverRow[];
  media: MediaRow[];
}

function svgMedia(id: string, body: string): MediaRow {
  return { id, contentType: 'image/svg+xml', body, sha256: sha256Hex(body) };
}

/** 13 drivers around each of San Juan, Panama City, San José, Bogotá and Mexico City, with pictures. */
export function buildDrivers(): DemoDrivers {
  const out: DemoDrivers = {
    drivers: [],
    media: VEHICLE_TYPES.map((type) =>
      svgMedia(`vehicle-${type.replaceAll('_', '-')}`, vehicleSvg(type)),
    ),
  };
  for (const branch of BRANCHES) {
    for (let index = 0; index < DRIVERS_PER_BRANCH; index += 1) {
      out.drivers.push(buildDriver(branch, index, out.media));
    }
  }
  return out;
}

function buildDriver(branch: Branch, index: number, mediaRows: MediaRow[]): DriverRow {
  const id = stableId('driver', branch, index);
  const random = new SeededRandom(`driver:${id}`);
  const city = DRIVER_CITIES[branch];
  const anchor = city.anchors[index % city.anchors.length] ?? city.anchors[0];
  const position = scatterAround(anchor ?? city, anchor?.scatterM ?? 1000, random);
  const vehicleType = FLEET[index % FLEET.length] ?? 'tow_truck';
  const name = randomFullName(branch, random);
  const words = name.split(' ');
  const photoId = `driver-${id}`;
  mediaRows.push(svgMedia(photoId, avatarSvg(name, random.int(0, 1000))));
  // A few busy and one offline per city, so dispatch has something to skip.
  const status = index === 11 ? 'offline' : index === 4 || index === 9 ? 'busy' : 'available';
  return {
    id,
    branch,
    name,
    email: `${asciiSlug(`${words[0] ?? 'chofer'} ${words.at(-2) ?? ''}`)}.${index + 1}@flota.example`,
    phone: randomPhone(branch, random),
    iconset: ICONSETS[vehicleType],
    // Service cars also do on-site inspections (SPEC 3 Driver "inspectorId").
    inspectorId:
      vehicleType === 'service_car' ? `INS-${branch}-${String(index + 1).padStart(3, '0')}` : null,
    vehicleType,
    vehiclePlate: normalizePlate(randomPlate(branch, random)),
    employeeImage: mediaUrl(photoId),
    vehicleImage: mediaUrl(`vehicle-${vehicleType.replaceAll('_', '-')}`),
    status,
    pendingSituation: null,
    tokenHash: null,
    lastLat: position.lat,
    lastLng: position.lng,
    lastHeading: random.int(0, 359),
    lastAccuracy: random.int(4, 15),
    lastSeenAt: SEED_SEEN_AT,
    // Demo drivers sign in with their own id as OIDC subject; all but the offline one take offers.
    online: status !== 'offline',
    oidcSubject: id,
  };
}
