import type { Branch } from '@auxilio/domain';
import { normalizeText } from '@auxilio/geo';
import { notFound } from '../lib/errors.ts';
import { VEHICLE_CATALOG, type CatalogModel } from './vehicle-catalog-data.ts';

// SPEC 7 GET /utils/getMake/{x} and /utils/getModel/{x}/{y}: x is the country, y the make
// (decision 400). The catalog is data (vehicle-catalog-data.ts), per country where it differs.

const soldIn = (country: Branch, only: readonly Branch[] | undefined): boolean =>
  only === undefined || only.includes(country);

const modelName = (model: CatalogModel): string => (typeof model === 'string' ? model : model.name);

const alphabetical = (names: string[]): string[] => names.sort((a, b) => a.localeCompare(b, 'es'));

/** Makes sold in the country, alphabetical. */
export function makesOf(country: Branch): string[] {
  return alphabetical(
    Object.entries(VEHICLE_CATALOG)
      .filter(([, make]) => soldIn(country, make.only))
      .map(([name]) => name),
  );
}

/**
 * Models of a make sold in the country, alphabetical. The make matches without regard to case or
 * accents ('volkswagen', 'VOLKSWAGEN'); a make the country's catalog lacks is a 404.
 */
export function modelsOf(country: Branch, make: string): string[] {
  const wanted = normalizeText(make);
  const entry = Object.entries(VEHICLE_CATALOG).find(
    ([name, details]) => normalizeText(name) === wanted && soldIn(country, details.only),
  );
  if (!entry) throw notFound(`Make in the ${country} catalog`, make);
  return alphabetical(
    entry[1].models
      .filter((model) => typeof model === 'string' || soldIn(country, model.only))
      .map(modelName),
  );
}
