import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LatLng } from '@auxilio/domain';
import { useAnimatedPosition } from '../hooks/use-animated-position.ts';
import * as L from '../leaflet/leaflet.ts';
import {
  markerAnchor,
  markerElement,
  setHeading,
  shiftDrawing,
} from '../leaflet/marker-element.ts';
import { truckOffset } from '../utils/marker-overlap.ts';
import type { MapMarker, MapMarkerKind } from './map-view-props.ts';

/**
 * Stacking of the markers: the customer's pin above the destination, both above the truck (the
 * truck never hides where the customer is). Leaflet adds each marker's screen row to these.
 */
const Z_OFFSET: Record<MapMarkerKind, number> = {
  situation: 20_000,
  destination: 10_000,
  driver: 0,
};

interface FeatureMarkerProps {
  map: L.Map;
  marker: MapMarker;
  /** Driver only: the customer's pin, which the truck is drawn beside when they would overlap. */
  besidePin?: LatLng | null;
  interactive: boolean;
}

/** One marker on the map: placed, named, turned with the heading; the driver glides between reports. */
export function FeatureMarker({ map, marker, besidePin, interactive }: FeatureMarkerProps) {
  const { t } = useTranslation('common');
  const label = marker.label ?? t(`map.markers.${marker.kind}`);
  const position = useAnimatedPosition(marker.position, marker.kind === 'driver' ? undefined : 0);
  const { kind, heading, onDragEnd } = marker;
  const draggable = interactive && (marker.draggable ?? false);
  const drawn = useRef<{ layer: L.Marker; element: HTMLElement } | null>(null);
  // What a marker drawn anew (another map, kind or draggability) starts with.
  const latest = useRef({ position, label, heading, onDragEnd });
  useEffect(() => {
    latest.current = { position, label, heading, onDragEnd };
  });

  useEffect(() => {
    const element = markerElement(kind, latest.current.label);
    setHeading(element, latest.current.heading);
    const { size, anchor } = markerAnchor(kind);
    const { lat, lng } = latest.current.position;
    const layer = L.marker([lat, lng], {
      icon: L.divIcon({
        html: element,
        className: 'map-marker-icon',
        iconSize: size,
        iconAnchor: anchor,
      }),
      keyboard: false,
      interactive: draggable,
      draggable,
      autoPan: draggable,
      zIndexOffset: Z_OFFSET[kind],
    });
    layer.on('dragend', () => {
      const at = layer.getLatLng();
      latest.current.onDragEnd?.({ lat: at.lat, lng: at.lng });
    });
    layer.addTo(map);
    drawn.current = { layer, element };
    return () => {
      layer.remove();
      drawn.current = null;
    };
  }, [map, kind, draggable]);

  useEffect(() => {
    drawn.current?.element.setAttribute('aria-label', label);
  }, [label]);

  useEffect(() => {
    if (drawn.current) setHeading(drawn.current.element, heading);
  }, [heading]);

  useEffect(() => {
    drawn.current?.layer.setLatLng([position.lat, position.lng]);
  }, [position.lat, position.lng]);

  useEffect(() => {
    const element = drawn.current?.element;
    if (!element) return;
    const place = () => {
      const offset = besidePin
        ? truckOffset(
            map.latLngToLayerPoint([position.lat, position.lng]),
            map.latLngToLayerPoint([besidePin.lat, besidePin.lng]),
          )
        : { x: 0, y: 0 };
      shiftDrawing(element, offset);
    };
    place();
    map.on('zoomend viewreset', place);
    return () => {
      map.off('zoomend viewreset', place);
    };
  }, [map, kind, draggable, besidePin, position.lat, position.lng]);

  return null;
}
