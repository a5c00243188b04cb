import type { Brand } from '../brand.ts';
import type { Branch } from '../enumerations.ts';
import type { ServiceTypeName } from '../service-types.ts';

/**
 * True when the customer may tip for this service. SPEC 4: the tip step is "skipped when tipping is
 * not allowed for the brand, branch or type"; SPEC 4 survey submit: "/tips when ... tipping is
 * allowed". An empty branch list means every branch of the brand.
 */
export function isTippingAllowed(input: {
  brand: Pick<Brand, 'tipping'>;
  branch: Branch;
  situation: ServiceTypeName;
}): boolean {
  const { tipping } = input.brand;
  if (!tipping.allowed) return false;
  if (tipping.branches.length > 0 && !tipping.branches.includes(input.branch)) return false;
  return !tipping.excludedServiceTypes.includes(input.situation);
}
