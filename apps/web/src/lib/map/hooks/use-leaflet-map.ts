import { useEffect, useRef, useState, type RefObject } from 'react';
import type { LatLng } from '@auxilio/domain';
import * as L from '../leaflet/leaflet.ts';
import { prefersReducedMotion } from './reduced-motion.ts';

export interface LeafletMapOptions {
  /** The first view; later changes are use-map-view's. */
  center: LatLng;
  zoom: number;
  maxZoom: number;
  /** false: a still picture (no pan, zoom, keyboard or zoom buttons). */
  interactive: boolean;
  zoomInTitle: string;
  zoomOutTitle: string;
}

/** Lowest zoom: the five countries of the demo data fill a phone at 4. */
const MIN_ZOOM = 3;

/**
 * A Leaflet map in `container`, created after the first render and removed on unmount; null until
 * then. A change of `interactive` builds a new one. It follows the container's size.
 */
export function useLeafletMap(
  container: RefObject<HTMLDivElement | null>,
  options: LeafletMapOptions,
): L.Map | null {
  const [map, setMap] = useState<L.Map | null>(null);
  const first = useRef(options);
  const { interactive, maxZoom } = options;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let created: L.Map | undefined;
    let resized: ResizeObserver | undefined;
    // Built in a task of its own, after the screen around it is on glass: on a slow phone, building
    // the map in the same task as the screen's first paint would hold both for a few tenths more.
    const build = setTimeout(() => {
      created = createMap(element, first.current, interactive);
      const map = created;
      // Same centre at the new size (a bottom sheet that shrinks makes the map taller).
      resized = new ResizeObserver(() => {
        map.invalidateSize();
      });
      resized.observe(element);
      setMap(map);
    }, 0);
    return () => {
      clearTimeout(build);
      resized?.disconnect();
      created?.remove();
      setMap(null);
    };
  }, [container, interactive]);

  useEffect(() => {
    map?.setMaxZoom(maxZoom);
  }, [map, maxZoom]);

  return map;
}

/** The map with this screen's first view, with zoom buttons when it can be moved. */
function createMap(element: HTMLElement, options: LeafletMapOptions, interactive: boolean): L.Map {
  const { center, zoom, zoomInTitle, zoomOutTitle } = options;
  const still = prefersReducedMotion();
  const created = L.map(element, {
    center: [center.lat, center.lng],
    zoom: Math.min(zoom, options.maxZoom),
    minZoom: MIN_ZOOM,
    maxZoom: options.maxZoom,
    zoomControl: false,
    attributionControl: false,
    dragging: interactive,
    touchZoom: interactive,
    doubleClickZoom: interactive,
    scrollWheelZoom: interactive,
    boxZoom: interactive,
    keyboard: interactive,
    bounceAtZoomLimits: false,
    zoomAnimation: !still,
    fadeAnimation: !still,
    markerZoomAnimation: !still,
  });
  if (interactive) {
    L.control.zoom({ position: 'topright', zoomInTitle, zoomOutTitle }).addTo(created);
  }
  return created;
}
