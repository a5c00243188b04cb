// The "Navigate" hand-off of the driver app (docs/decisions/761): the phone's own navigation app
// drives the route. Android opens a `geo:` URI in the navigation app the driver chose; every other
// platform gets Google Maps directions over https, which opens the Maps app when installed and the
// web page otherwise (iOS has no `geo:` handler).

export interface NavigationTarget {
  lat: number;
  lng: number;
  /** Shown as the pin's label on Android. */
  label?: string | null;
}

export function navigationUrl(target: NavigationTarget, userAgent: string): string {
  const point = `${target.lat},${target.lng}`;
  if (/android/i.test(userAgent)) {
    const label = target.label ? `(${encodeURIComponent(target.label)})` : '';
    return `geo:${point}?q=${point}${label}`;
  }
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(point)}`;
}
