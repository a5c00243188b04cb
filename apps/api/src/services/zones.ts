import type { Branch, Zone, ZonePlace } from '@auxilio/domain';
import { normalizeText, type Atlas, type PlaceFeature } from '@auxilio/geo';
import { loadBasemapAtlas } from './basemap-atlas.ts';

// SPEC 7 GET /utils/zones/{country code}?populate=false (decision 401): the service zones of a
// country are its first-order divisions, taken from the bundled atlas (packages/geo): Puerto Rico's
// 78 municipios, the provinces of Costa Rica and Panamá, the departments of Colombia, the states of
// Mexico. Built once per process and per country.

type Position = number[];

/** Every [lng, lat] of a (multi)polygon, for the centre of a zone without a town. */
function positionsOf(geometry: { type: string; coordinates: unknown }): Position[] {
  const rings =
    geometry.type === 'MultiPolygon'
      ? (geometry.coordinates as Position[][][]).flat()
      : (geometry.coordinates as Position[][]);
  return rings.flat();
}

function boxCentre(positions: Position[]): { lat: number; lng: number } {
  const lngs = positions.map((p) => p[0] ?? 0);
  const lats = positions.map((p) => p[1] ?? 0);
  return {
    lng: (Math.min(...lngs) + Math.max(...lngs)) / 2,
    lat: (Math.min(...lats) + Math.max(...lats)) / 2,
  };
}

function toZonePlace(place: PlaceFeature): ZonePlace {
  const [lng = 0, lat = 0] = place.geometry.coordinates;
  return { placeId: place.properties.placeId, name: place.properties.name, lat, lng };
}

/** The zone names of a country: PR municipios from the Census outlines, elsewhere the places' admin. */
function zoneNames(atlas: Atlas, country: Branch, places: PlaceFeature[]): string[] {
  if (country === 'PR') return atlas.municipios.features.map((m) => m.properties.name);
  return [...new Set(places.map((p) => p.properties.admin).filter((admin) => admin !== ''))];
}

function buildZones(atlas: Atlas, country: Branch): Zone[] {
  // Places are largest first (packages/geo), so each zone's list is too.
  const places = atlas.places.features.filter((p) => p.properties.country === country);
  return zoneNames(atlas, country, places)
    .map((name) => {
      const towns = places.filter((p) => p.properties.admin === name).map(toZonePlace);
      const outline = atlas.municipios.features.find((m) => m.properties.name === name);
      const centre =
        towns[0] ?? (outline ? boxCentre(positionsOf(outline.geometry)) : { lat: 0, lng: 0 });
      return {
        _id: `${country}-${normalizeText(name).replaceAll(' ', '-')}`,
        name,
        country,
        lat: centre.lat,
        lng: centre.lng,
        places: towns,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

const cache = new Map<Branch, Zone[]>();

/** The zones of a country, alphabetical; with `populate` each carries its towns, largest first. */
export async function zonesOf(country: Branch, populate: boolean): Promise<Zone[]> {
  let zones = cache.get(country);
  if (!zones) {
    zones = buildZones((await loadBasemapAtlas()).atlas, country);
    cache.set(country, zones);
  }
  return populate ? zones : zones.map(({ places: _places, ...zone }) => zone);
}
