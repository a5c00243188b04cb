import type { LatLng } from '@auxilio/domain';

// Props of the map view, in a file without map code so screens can type them statically.

export type MapMarkerKind = 'situation' | 'destination' | 'driver';

export interface MapMarker {
  /** Stable key (e.g. 'situation', or the driver id). */
  id: string;
  kind: MapMarkerKind;
  position: LatLng;
  /** Driver only: degrees clockwise from north; the arrow turns with it. */
  heading?: number;
  /** Accessible name; defaults to the kind's translated name. */
  label?: string;
  /** The customer may drag it (geotext map); `onDragEnd` gets where it was dropped. */
  draggable?: boolean;
  onDragEnd?: (position: LatLng) => void;
}

export interface MapRoute {
  path: readonly LatLng[];
  /** True for the estimate router: drawn dashed and labelled approximate. */
  approximate: boolean;
}

export interface MapViewProps {
  /** Where the map looks; changing it moves the map (animated, unless the user asked for less motion). */
  center: LatLng;
  /** SPEC 9: location map 17, point-on-map 19, tracking 12; clamped to `maxZoom`. */
  zoom: number;
  /** Upper zoom limit; never above the runtime config's `map.maxZoom` (SPEC 9 max 18, demo 15). */
  maxZoom?: number;
  markers?: readonly MapMarker[];
  /** A route line between the markers (useDirections' data). */
  route?: MapRoute | null;
  /**
   * Points to keep in sight (tracking: the driver and the customer). With two or more, the view fits
   * them with room for the pins, and fits again whenever one leaves it; `center` and `zoom` then
   * only give the view before the map knows its size.
   */
  fitTo?: readonly LatLng[];
  /** Called when the map settles after a move (point-on-map). */
  onMoveEnd?: (center: LatLng, zoom: number) => void;
  /** Point-on-map: a pin fixed at the centre of the view; the map moves under it. */
  pinMode?: boolean;
  /** false: a still picture (no pan, zoom or rotate). Default true. */
  interactive?: boolean;
  /** Accessible name of the map region. */
  ariaLabel?: string;
  className?: string;
  /** CSS height of the map; default 100% of the parent. */
  height?: string;
}
