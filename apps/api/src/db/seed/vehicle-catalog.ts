import type { Branch } from '@auxilio/domain';
import type { SeededRandom } from './random.ts';

// Makes and models commonly driven in the five countries, as plain vehicle data.

const MODELS: Readonly<Record<string, readonly string[]>> = {
  Toyota: ['Corolla', 'Yaris', 'RAV4', 'Hilux', 'Tacoma', 'Fortuner', 'Prado'],
  Honda: ['Civic', 'CR-V', 'HR-V', 'Accord', 'Fit'],
  Hyundai: ['Accent', 'Elantra', 'Tucson', 'Santa Fe', 'Creta'],
  Kia: ['Rio', 'Forte', 'Sportage', 'Sorento', 'Picanto', 'Seltos'],
  Nissan: ['Sentra', 'Versa', 'Frontier', 'X-Trail', 'Kicks', 'March'],
  Mazda: ['Mazda3', 'CX-3', 'CX-5', 'CX-30', 'BT-50'],
  Chevrolet: ['Spark', 'Onix', 'Tracker', 'Silverado', 'Aveo', 'Captiva'],
  Ford: ['Ranger', 'Escape', 'Explorer', 'F-150', 'EcoSport'],
  Mitsubishi: ['Mirage', 'L200', 'Outlander', 'Montero Sport', 'ASX'],
  Suzuki: ['Swift', 'Vitara', 'Jimny', 'Ertiga'],
  Volkswagen: ['Jetta', 'Tiguan', 'Vento', 'Gol', 'T-Cross'],
  Renault: ['Logan', 'Sandero', 'Duster', 'Kwid', 'Koleos'],
  Jeep: ['Wrangler', 'Cherokee', 'Compass', 'Renegade'],
};

/** Makes more common in each branch first; every make can appear anywhere. */
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

export interface VehicleDescription {
  make: string;
  model: string;
  year: number;
  color: string;
}

export function randomVehicle(branch: Branch, random: SeededRandom): VehicleDescription {
  const make = random.pick(POPULAR_MAKES[branch]);
  const models = MODELS[make] ?? ['Sedán'];
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
