import type { LatLng } from '@auxilio/domain';

/**
 * Google's encoded polyline algorithm (precision 5), as the fixture servers answer it: each
 * coordinate's difference from the previous point in 1e-5 degrees, shifted left one bit and
 * inverted when negative, cut into 5-bit chunks from the low end, 0x20 on every chunk but the last,
 * plus 63 to make a printable character.
 */
export function encodePolyline(points: readonly LatLng[]): string {
  let out = '';
  let prevLat = 0;
  let prevLng = 0;
  const encodeValue = (value: number) => {
    let v = value < 0 ? ~(value << 1) : value << 1;
    while (v >= 0x20) {
      out += String.fromCharCode((0x20 | (v & 0x1f)) + 63);
      v >>= 5;
    }
    out += String.fromCharCode(v + 63);
  };
  for (const point of points) {
    const lat = Math.round(point.lat * 1e5);
    const lng = Math.round(point.lng * 1e5);
    encodeValue(lat - prevLat);
    encodeValue(lng - prevLng);
    prevLat = lat;
    prevLng = lng;
  }
  return out;
}
