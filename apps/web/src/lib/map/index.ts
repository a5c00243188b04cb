// What screens import from the shared map. No static import of Leaflet here or below (only
// lazy-map-view's dynamic import), so request-flow screens stay inside their budget.
export {
  mapKeys,
  MIN_SEARCH_LENGTH,
  useDirections,
  usePlacesSearch,
  reverseGeocodeQuery,
  useReverseGeocode,
} from './api/map-queries.ts';
export { LazyMapView } from './components/lazy-map-view.tsx';
export { preloadMapView } from './components/preload-map-view.ts';
export { useTravelHeading } from './hooks/use-travel-heading.ts';
export type {
  MapMarker,
  MapMarkerKind,
  MapRoute,
  MapViewProps,
} from './components/map-view-props.ts';
