import type { MapMarkerKind } from '../components/map-view-props.ts';
import { DRIVER_SIZE, PIN_SIZE } from '../utils/marker-overlap.ts';

// The drawings of the map's markers (situation and destination pins, the driver's arrow), as DOM
// elements Leaflet places: each is an image with a name for screen readers (role=img + label).

const SVG = 'http://www.w3.org/2000/svg';
const PIN_PATH = 'M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z';

function svgElement(tag: string, attributes: Record<string, string>): SVGElement {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

/** The pin (its tip is the point) or the driver's disc with its arrow; `setHeading` turns it. */
export function markerElement(kind: MapMarkerKind, label: string): HTMLElement {
  const element = document.createElement('div');
  element.className = `map-marker map-marker--${kind}`;
  element.setAttribute('role', 'img');
  element.setAttribute('aria-label', label);
  const size = kind === 'driver' ? DRIVER_SIZE : PIN_SIZE;
  const svg = svgElement('svg', {
    viewBox: kind === 'driver' ? '0 0 32 32' : '0 0 24 32',
    width: String(typeof size === 'number' ? size : size.width),
    height: String(typeof size === 'number' ? size : size.height),
    'aria-hidden': 'true',
  });
  if (kind === 'driver') {
    svg.append(
      svgElement('circle', { cx: '16', cy: '16', r: '14', class: 'map-marker__disc' }),
      svgElement('path', { d: 'M16 6 L23 22 L16 18 L9 22 Z', class: 'map-marker__arrow' }),
    );
  } else {
    svg.append(
      svgElement('path', { d: PIN_PATH, class: 'map-marker__pin' }),
      svgElement('circle', { cx: '12', cy: '12', r: '4.5', class: 'map-marker__dot' }),
    );
  }
  element.append(svg);
  return element;
}

/** Turns the driver's arrow to `heading` (degrees clockwise from north). */
export function setHeading(element: HTMLElement, heading: number | undefined): void {
  element
    .querySelector('.map-marker__arrow')
    ?.setAttribute('transform', `rotate(${String(heading ?? 0)} 16 16)`);
}

/** Draws a marker `offset` pixels away from its point (the truck beside the pin); 0, 0 puts it back. */
export function shiftDrawing(element: HTMLElement, offset: { x: number; y: number }): void {
  element.style.transform =
    offset.x === 0 && offset.y === 0
      ? ''
      : `translate(${String(offset.x)}px, ${String(offset.y)}px)`;
}

/** Where Leaflet anchors each marker: a pin by its tip, the driver by its centre. */
export function markerAnchor(kind: MapMarkerKind): {
  size: [number, number];
  anchor: [number, number];
} {
  return kind === 'driver'
    ? { size: [DRIVER_SIZE, DRIVER_SIZE], anchor: [DRIVER_SIZE / 2, DRIVER_SIZE / 2] }
    : { size: [PIN_SIZE.width, PIN_SIZE.height], anchor: [PIN_SIZE.width / 2, PIN_SIZE.height] };
}
