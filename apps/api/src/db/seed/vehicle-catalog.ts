import type { Branch } from '@auxilio/domain';
import { modelsOf } from '../../services/vehicle-catalog.ts';
import type { SeededRandom } from './random.ts';

// Demo vehicles drawn from the catalog that GET /utils/getMake and /utils/getModel serve
// (services/vehicle-catalog-data.ts, decision 400): a seeded vehicle is always one the app offers
// in its country.

/** The makes demo vehicles of each branch are drawn from, all sold there by the catalog. */
const POPULAR_MAKES: Readonly<Record<Branch, readonly string[]>> = {
  PR: ['Toyota', 'Honda', 'Hyundai', 'Kia', 'Nissan', 'Jeep', 'Mitsubishi', 'Ford', 'Mazda'],
  PA: ['Toyota', 'Hyundai', 'Kia', 'Nissan', 'Mitsubishi', 'Suzuki', 'Honda', 'Chevrolet'],
  CR: ['Toyota', 'Hyundai', 'Nissan', 'Suzuki', 'Mitsubishi', 'Kia', 'Honda', 'Mazda'],
  CO: ['Renault', 'Chevrolet', 'Mazda', 'Kia', 'Nissan', 'Toyota', 'Volkswagen', 'Suzuki'],
  MX: ['Nissan', 'Volkswagen', 'Chevrolet', 'Toyota', 'Kia', 'Mazda', 'Honda', 'Ford'],
};

const COLORS = [
  'Blanco',
  'Negro',
  'Gris',
  'Plata',
  'Rojo',
  'Azul',
  'Vino',
  'Verde',
  'Beige',
  'Naranja',
];

const modelsByMake = new Map<string, readonly string[]>();

export interface VehicleDescription {
  make: string;
  model: string;
  year: number;
  color: string;
}

/**
 * One of the branch's popular makes and one of its models that GET /utils/getModel answers for that
 * country (decision 416). Four draws per vehicle (make, model, year, colour), as before the catalog,
 * so the plates and VINs drawn after it did not move.
 */
export function randomVehicle(branch: Branch, random: SeededRandom): VehicleDescription {
  const make = random.pick(POPULAR_MAKES[branch]);
  const key = `${branch}:${make}`;
  // Looked up once per make and country, not once per vehicle: the seed runs at every start.
  let models = modelsByMake.get(key);
  if (!models) {
    models = modelsOf(branch, make);
    modelsByMake.set(key, models);
  }
  return {
    make,
    model: random.pick(models),
    year: random.int(2008, 2026),
    color: random.pick(COLORS),
  };
}

// VIN: 17 characters without I, O and Q; position 9 is the check digit and position 10 the model
// year (ISO 3779 / North American practice), so the demo VINs pass a VIN validator.
const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_VALUES: Readonly<Record<string, number>> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const VIN_YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY'; // 2010 .. 2030

function vinCharValue(char: string): number {
  return VIN_VALUES[char] ?? Number(char);
}

/** The check digit (position 9) of a 17-character VIN. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += vinCharValue(vin.charAt(i)) * (VIN_WEIGHTS[i] ?? 0);
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

function vinYearCode(year: number): string {
  if (year >= 2010) return VIN_YEAR_CODES.charAt(year - 2010);
  return String(year - 2000);
}

/** A syntactically valid VIN for a vehicle of `year`. */
export function randomVin(year: number, random: SeededRandom): string {
  const wmi = random.chars('123456789JKLMNRSTVWYZ', 1) + random.chars(VIN_ALPHABET, 2);
  const vds = random.chars(VIN_ALPHABET, 5);
  const plant = random.chars(VIN_ALPHABET.slice(0, 23), 1);
  const serial = random.digits(6);
  const draft = `${wmi}${vds}0${vinYearCode(year)}${plant}${serial}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}
