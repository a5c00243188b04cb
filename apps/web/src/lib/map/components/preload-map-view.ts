/** Starts downloading the map code early, e.g. when a screen with a map is about to open. */
export function preloadMapView(): void {
  void import('./map-view.tsx');
}
