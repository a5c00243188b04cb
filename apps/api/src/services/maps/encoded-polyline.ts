import type { LatLng } from '@auxilio/domain';

// Google's encoded polyline format (precision 5, as the Routes API returns by default): each point is
// the difference from the previous one, latitude first, in 1e-5 degrees, zig-zag signed and written
// as 5-bit chunks offset by 63, low chunk first, 0x20 marking "another chunk follows".

const PRECISION = 1e5;
const CHUNK_BITS = 5;
const CONTINUES = 0x20;
const CHUNK_MASK = 0x1f;
const CHAR_OFFSET = 63;

/** The points of an encoded polyline, or null when the text is not one. */
export function decodePolyline(encoded: string): LatLng[] | null {
  const points: LatLng[] = [];
  let index = 0;
  let lat = 0;
  let lng = 0;

  const nextDelta = (): number | null => {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (index >= encoded.length) return null;
      const chunk = encoded.charCodeAt(index++) - CHAR_OFFSET;
      if (chunk < 0 || chunk > 63) return null;
      result += (chunk & CHUNK_MASK) * 2 ** shift;
      shift += CHUNK_BITS;
      if ((chunk & CONTINUES) === 0) break;
      if (shift > 35) return null;
    }
    // Zig-zag: even values are positive, odd values negative.
    return result % 2 === 1 ? -(result + 1) / 2 : result / 2;
  };

  while (index < encoded.length) {
    const dLat = nextDelta();
    const dLng = nextDelta();
    if (dLat === null || dLng === null) return null;
    lat += dLat;
    lng += dLng;
    points.push({ lat: lat / PRECISION, lng: lng / PRECISION });
  }
  return points;
}
