import { describe, expect, it } from 'vitest';
import { labelSize, minPopulationAt, pickLabels, type LabelCandidate } from './label-placement.ts';

const steps: [number, number][] = [
  [0, 1_000_000],
  [8, 30_000],
  [11, 0],
];

describe('minPopulationAt', () => {
  it('takes the step of the zoom: capitals out far, every town in close', () => {
    expect(minPopulationAt(3, steps)).toBe(1_000_000);
    expect(minPopulationAt(8, steps)).toBe(30_000);
    expect(minPopulationAt(9.5, steps)).toBe(30_000);
    expect(minPopulationAt(15, steps)).toBe(0);
  });
});

describe('labelSize', () => {
  const style = { minSize: 11, maxSize: 15 };
  it('grows with population, between the two sizes', () => {
    expect(labelSize(200, style)).toBe(11);
    expect(labelSize(1_000, style)).toBe(11);
    expect(labelSize(30_000, style)).toBeGreaterThan(12);
    expect(labelSize(30_000, style)).toBeLessThan(14);
    expect(labelSize(2_000_000, style)).toBe(15);
  });
});

describe('pickLabels', () => {
  const view = { width: 360, height: 400 };
  const label = (x: number, y: number, width = 60): LabelCandidate => ({ x, y, width, height: 14 });

  it('keeps the larger place where two names would overlap', () => {
    // San Juan first (larger), then Guaynabo 10 px to the side, then Ponce far away.
    expect(pickLabels([label(100, 100), label(110, 104), label(200, 300)], view)).toEqual([0, 2]);
  });

  it('leaves out a name that would be cut by the edge of the map', () => {
    expect(pickLabels([label(20, 100), label(180, 5), label(180, 200)], view)).toEqual([2]);
  });

  it("leaves out a name under the map's own badges and buttons", () => {
    const badge = { left: 8, top: 8, right: 160, bottom: 30 };
    expect(pickLabels([label(60, 20), label(100, 200)], view, [badge])).toEqual([1]);
  });

  it('names no more places than asked', () => {
    const grid = Array.from({ length: 20 }, (_, i) =>
      label(40 + (i % 4) * 80, 20 + Math.floor(i / 4) * 40),
    );
    expect(pickLabels(grid, view, [], 5)).toEqual([0, 1, 2, 3, 4]);
  });
});
