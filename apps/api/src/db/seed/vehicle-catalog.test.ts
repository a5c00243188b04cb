import { BRANDS } from '@auxilio/brands';
import type { Branch } from '@auxilio/domain';
import { describe, expect, it } from 'vitest';
import { makesOf, modelsOf } from '../../services/vehicle-catalog.ts';
import { buildDemoData } from './index.ts';

// Decision 416: demo vehicles come from the catalog of GET /utils/getMake and /utils/getModel.

const data = buildDemoData(BRANDS);
const branchOf = new Map(data.contracts.map((row) => [row.id, row.branch as Branch]));

describe('demo vehicles and the vehicle catalog', () => {
  it('seeds only makes and models the catalog offers in the vehicle’s country', () => {
    expect(data.vehicles.length).toBeGreaterThan(300);
    for (const vehicle of data.vehicles) {
      const branch = branchOf.get(vehicle.contractId);
      if (!branch) throw new Error(`vehicle ${vehicle.plate} without a contract`);
      expect(makesOf(branch), vehicle.plate).toContain(vehicle.make);
      expect(modelsOf(branch, vehicle.make), vehicle.plate).toContain(vehicle.model);
    }
  });

  // The road-journey plates of apps/api/src/db/README.md: the plate, year, colour and VIN were drawn
  // as before the catalog; the make and model are pinned here so a catalog edit that moves them
  // is a visible change.
  it.each([
    ['GFS643', 'Jeep', 'Cherokee', 2012, 'Verde'],
    ['ENP894', 'Hyundai', 'Elantra', 2026, 'Blanco'],
    ['ZZW218', 'Toyota', 'Yaris', 2015, 'Beige'],
    ['ECH155', 'Jeep', 'Renegade', 2020, 'Rojo'],
    ['VWK874', 'Hyundai', 'Kona', 2008, 'Blanco'],
    ['BCX541', 'Hyundai', 'Accent', 2016, 'Verde'],
  ])('demo plate %s is a %s %s %i, %s', (plate, make, model, year, color) => {
    expect(data.vehicles.find((vehicle) => vehicle.plate === plate)).toMatchObject({
      make,
      model,
      year,
      color,
    });
  });
});
