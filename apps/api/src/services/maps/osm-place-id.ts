/**
 * A stable place id for an OpenStreetMap object, the same from Photon and from Nominatim:
 * `osm:` + N/W/R (node, way, relation) + the OSM id, e.g. `osm:R1234`. (Nominatim's own
 * `place_id` differs between servers and re-imports, so it is not used.)
 */
export function osmPlaceId(osmType: string, osmId: number): string | null {
  const letter = osmType.charAt(0).toUpperCase();
  return ['N', 'W', 'R'].includes(letter) ? `osm:${letter}${String(osmId)}` : null;
}
