import { useEffect, useRef } from 'react';
import type { LatLng } from '@auxilio/domain';
import * as L from '../leaflet/leaflet.ts';
import { prefersReducedMotion } from './reduced-motion.ts';

/**
 * Room kept free around fitted points, in pixels: a pin stands 36 pixels above its point and the
 * badges take the top-left corner; the (i) button the bottom-right one.
 */
export const FIT_PADDING = {
  topLeft: L.point(44, 72),
  bottomRight: L.point(44, 40),
};

export interface MapViewInput {
  center: LatLng;
  zoom: number;
  maxZoom: number;
  fitTo: readonly LatLng[];
  onMoveEnd: ((center: LatLng, zoom: number) => void) | undefined;
}

/** Every point lies inside the view less its padding. */
function allInView(map: L.Map, points: readonly LatLng[]): boolean {
  const size = map.getSize();
  return points.every((point) => {
    const at = map.latLngToContainerPoint([point.lat, point.lng]);
    return (
      at.x >= FIT_PADDING.topLeft.x &&
      at.y >= FIT_PADDING.topLeft.y &&
      at.x <= size.x - FIT_PADDING.bottomRight.x &&
      at.y <= size.y - FIT_PADDING.bottomRight.y
    );
  });
}

/**
 * Where the map looks. With two or more `fitTo` points (tracking) it shows them all: fitted at first
 * and again whenever one leaves the view or the map changes size (a new array of the same points
 * only checks that they are still in view). Otherwise a new `center` or `zoom` from the screen
 * moves it (never the user's own panning). `onMoveEnd` hears every settled move.
 */
export function useMapView(map: L.Map | null, input: MapViewInput): void {
  const { center, zoom, maxZoom, fitTo, onMoveEnd } = input;
  const onMoveEndRef = useRef(onMoveEnd);
  useEffect(() => {
    onMoveEndRef.current = onMoveEnd;
  }, [onMoveEnd]);

  useEffect(() => {
    if (!map) return;
    const settled = () => {
      const at = map.getCenter();
      onMoveEndRef.current?.({ lat: at.lat, lng: at.lng }, map.getZoom());
    };
    map.on('moveend', settled);
    return () => {
      map.off('moveend', settled);
    };
  }, [map]);

  const fitting = fitTo.length >= 2;
  useEffect(() => {
    if (!map || fitting) return;
    const target = L.latLng(center.lat, center.lng);
    const targetZoom = Math.min(zoom, maxZoom);
    if (map.getCenter().equals(target, 1e-7) && map.getZoom() === targetZoom) return;
    map.setView(target, targetZoom, { animate: !prefersReducedMotion() });
  }, [map, fitting, center.lat, center.lng, zoom, maxZoom]);

  // The map the points were first fitted on (a new map is fitted afresh).
  const fittedOn = useRef<L.Map | null>(null);
  useEffect(() => {
    if (!map || !fitting) return;
    const fit = (animate: boolean) => {
      const size = map.getSize();
      if (size.x === 0 || size.y === 0) return;
      if (fittedOn.current === map && allInView(map, fitTo)) return;
      fittedOn.current = map;
      const bounds = L.latLngBounds(fitTo.map((p) => L.latLng(p.lat, p.lng)));
      map.fitBounds(bounds, {
        paddingTopLeft: FIT_PADDING.topLeft,
        paddingBottomRight: FIT_PADDING.bottomRight,
        maxZoom,
        animate: animate && !prefersReducedMotion(),
      });
    };
    fit(fittedOn.current === map);
    const resized = () => {
      fit(false);
    };
    map.on('resize', resized);
    return () => {
      map.off('resize', resized);
    };
  }, [map, fitting, fitTo, maxZoom]);
}
