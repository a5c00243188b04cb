import type { Branch } from '@auxilio/domain';

// The make/model catalog of GET /utils/getMake and /utils/getModel (decision 400), as data. A make or
// model without `only` is sold in all five countries; `only` lists the countries where it is sold
// where that differs (e.g. Renault and the Hilux are Latin American, Puerto Rico gets the Tacoma).
// Demo data: common passenger vehicles, not an exhaustive registry. Adding a model is one line.

export type CatalogModel = string | { name: string; only: readonly Branch[] };

export interface CatalogMake {
  models: readonly CatalogModel[];
  only?: readonly Branch[];
}

const LATAM: readonly Branch[] = ['PA', 'CR', 'CO', 'MX'];

export const VEHICLE_CATALOG: Readonly<Record<string, CatalogMake>> = {
  Chevrolet: {
    models: [
      'Equinox',
      'Tahoe',
      'Trax',
      'Spark',
      { name: 'Silverado', only: ['PR', 'PA', 'MX'] },
      { name: 'Malibu', only: ['PR'] },
      { name: 'Onix', only: LATAM },
      { name: 'Tracker', only: LATAM },
      { name: 'Captiva', only: LATAM },
      { name: 'Aveo', only: ['MX', 'PA', 'CR'] },
    ],
  },
  Ford: {
    models: [
      'Ranger',
      'Escape',
      'Explorer',
      'F-150',
      'Bronco',
      { name: 'EcoSport', only: LATAM },
      { name: 'Territory', only: ['MX', 'CO'] },
    ],
  },
  Honda: {
    models: ['Civic', 'CR-V', 'HR-V', 'Accord', 'Pilot', { name: 'Fit', only: LATAM }],
  },
  Hyundai: {
    models: [
      'Accent',
      'Elantra',
      'Tucson',
      'Santa Fe',
      { name: 'Creta', only: LATAM },
      { name: 'Grand i10', only: LATAM },
      { name: 'Kona', only: ['PR', 'PA', 'CR'] },
    ],
  },
  Jeep: { models: ['Wrangler', 'Cherokee', 'Grand Cherokee', 'Compass', 'Renegade', 'Gladiator'] },
  Kia: {
    models: [
      'Rio',
      'Sportage',
      'Sorento',
      'Seltos',
      'Soluto',
      { name: 'Forte', only: ['PR', 'MX'] },
      { name: 'K3', only: ['MX', 'CO', 'CR', 'PA'] },
      { name: 'Picanto', only: LATAM },
      { name: 'Soul', only: ['PR', 'CR', 'PA'] },
    ],
  },
  Mazda: {
    models: ['Mazda2', 'Mazda3', 'CX-3', 'CX-30', 'CX-5', 'CX-9', { name: 'BT-50', only: LATAM }],
  },
  Mitsubishi: {
    models: [
      'Mirage',
      'Outlander',
      'Xpander',
      { name: 'Outlander Sport', only: ['PR'] },
      { name: 'L200', only: LATAM },
      { name: 'Montero Sport', only: LATAM },
      { name: 'ASX', only: LATAM },
    ],
  },
  Nissan: {
    models: [
      'Sentra',
      'Versa',
      'Frontier',
      'Kicks',
      'Pathfinder',
      { name: 'Rogue', only: ['PR'] },
      { name: 'Altima', only: ['PR', 'MX'] },
      { name: 'X-Trail', only: LATAM },
      { name: 'March', only: LATAM },
      { name: 'NP300', only: LATAM },
    ],
  },
  Renault: { only: LATAM, models: ['Logan', 'Sandero', 'Stepway', 'Duster', 'Kwid', 'Koleos'] },
  Suzuki: { only: LATAM, models: ['Swift', 'Vitara', 'Jimny', 'Ertiga', 'Dzire', 'S-Presso'] },
  Toyota: {
    models: [
      'Corolla',
      'Corolla Cross',
      'Yaris',
      'RAV4',
      '4Runner',
      { name: 'Camry', only: ['PR', 'MX', 'PA', 'CR'] },
      { name: 'Tacoma', only: ['PR', 'MX'] },
      { name: 'Tundra', only: ['PR', 'MX'] },
      { name: 'Hilux', only: LATAM },
      { name: 'Fortuner', only: LATAM },
      { name: 'Land Cruiser Prado', only: LATAM },
    ],
  },
  Volkswagen: {
    models: [
      'Jetta',
      'Tiguan',
      'Taos',
      'T-Cross',
      { name: 'Atlas', only: ['PR'] },
      { name: 'Vento', only: ['MX', 'CO'] },
      { name: 'Gol', only: ['MX', 'CO'] },
      { name: 'Amarok', only: ['PA', 'CR', 'CO'] },
    ],
  },
};
