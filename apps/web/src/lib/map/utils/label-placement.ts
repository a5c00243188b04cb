import type { BasemapManifest } from '@auxilio/domain';

// Which place names the demo map writes at a zoom, and where they would collide (decision 700). Pure:
// the Leaflet layer (leaflet/place-labels-layer.ts) projects and measures, this decides.

type LabelStyle = BasemapManifest['style']['labels'];

/** The smallest population labelled at `zoom` (the manifest's `[zoom, population]` steps). */
export function minPopulationAt(zoom: number, steps: LabelStyle['minPopulation']): number {
  let population = steps[0]?.[1] ?? 0;
  for (const [fromZoom, minimum] of steps) if (zoom >= fromZoom) population = minimum;
  return population;
}

const SMALL_TOWN = 1_000;
const METROPOLIS = 500_000;

/** Font size of a place's name: from `minSize` (a town) to `maxSize` (a metropolis), by log scale. */
export function labelSize(
  population: number,
  style: Pick<LabelStyle, 'minSize' | 'maxSize'>,
): number {
  const share =
    (Math.log10(Math.max(population, SMALL_TOWN)) - Math.log10(SMALL_TOWN)) /
    (Math.log10(METROPOLIS) - Math.log10(SMALL_TOWN));
  const size = style.minSize + (style.maxSize - style.minSize) * Math.min(1, share);
  return Math.round(size * 2) / 2;
}

/** A name to place: its centre on the screen and its text box, in pixels. */
export interface LabelCandidate {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Space kept free around each name, in pixels. */
export const LABEL_MARGIN_PX = 4;

/** A screen rectangle in pixels. */
export interface ScreenBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The candidates (most important first) whose boxes fit in the view without touching a name kept
 * before them or one of the `blocked` boxes (the map's badges and buttons): their indexes, at most
 * `max`. Larger places win, as in any printed map.
 */
export function pickLabels(
  candidates: readonly LabelCandidate[],
  view: { width: number; height: number },
  blocked: readonly ScreenBox[] = [],
  max = 60,
): number[] {
  const kept: ScreenBox[] = [...blocked];
  const picked: number[] = [];
  candidates.forEach((label, index) => {
    if (picked.length >= max) return;
    const box = {
      left: label.x - label.width / 2 - LABEL_MARGIN_PX,
      right: label.x + label.width / 2 + LABEL_MARGIN_PX,
      top: label.y - label.height / 2 - LABEL_MARGIN_PX,
      bottom: label.y + label.height / 2 + LABEL_MARGIN_PX,
    };
    const inView =
      box.left >= 0 && box.top >= 0 && box.right <= view.width && box.bottom <= view.height;
    if (!inView) return;
    const collides = kept.some(
      (other) =>
        box.left < other.right &&
        box.right > other.left &&
        box.top < other.bottom &&
        box.bottom > other.top,
    );
    if (collides) return;
    kept.push(box);
    picked.push(index);
  });
  return picked;
}
