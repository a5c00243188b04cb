import type { ClientForm } from '../contract/client-form.ts';
import type { CustomerContract } from '../contract/customer-contracts.ts';
import type { Surplus } from '../contract/limit-check.ts';
import { feeBreakdown, feesApply, servicePriceCents, type FeeBreakdown } from '../money.ts';
import type { LocationPoint } from '../contract/locations.ts';
import { isValidCoordinate, normalizePlate } from '../validation.ts';

// SPEC 2 "Bottom sheet" of /location/summary: the vehicle info block and the price block.

/** One line of the vehicle info block; `key` names the field (translated by the screen). */
export interface VehicleInfoLine {
  key: 'name' | 'make' | 'model' | 'year' | 'plate' | 'vin' | 'phone';
  value: string;
}

/**
 * The destination a summary shows (decision 652): the address of the destination the request
 * carries, which the payload sends only with valid coordinates (SPEC 5 "Coordinates are valid only
 * if both lat and lng are non-zero"); the pretty address first. Null when there is none to show.
 */
export function destinationText(
  destination: Pick<LocationPoint, 'lat' | 'lng' | 'address' | 'prettyAddress'> | null,
): string | null {
  if (destination === null || !isValidCoordinate(destination)) return null;
  const text = destination.prettyAddress.trim() || destination.address.trim();
  return text === '' ? null : text;
}

/**
 * The vehicle info block. SPEC 2: "A vehicle info block shows name, make, model, year, plate,
 * optional VIN and phone for some brands" (brand flag vehicleInfoShowsVinAndPhone). The client form
 * wins; a blank field falls back to the contract's vehicle with the same plate (or its only vehicle)
 * and the contract holder (decision 286). Blank lines are left out.
 */
export function vehicleInfoLines(input: {
  clientForm: ClientForm;
  customerContract: CustomerContract | null;
  showVinAndPhone: boolean;
}): VehicleInfoLine[] {
  const { clientForm: form, customerContract: contract } = input;
  const vehicles = contract?.vehicles ?? [];
  const plate = normalizePlate(form.plate);
  const vehicle =
    vehicles.find((v) => plate !== '' && normalizePlate(v.plate) === plate) ??
    (vehicles.length === 1 ? vehicles[0] : undefined);
  const pick = (typed: string, fallback: string | number | null | undefined): string =>
    typed.trim() !== '' ? typed.trim() : fallback == null ? '' : String(fallback).trim();
  const lines: VehicleInfoLine[] = [
    { key: 'name', value: pick(form.fullName, contract?.fullName) },
    { key: 'make', value: pick(form.make, vehicle?.make) },
    { key: 'model', value: pick(form.model, vehicle?.model) },
    { key: 'year', value: pick(form.year, vehicle?.year) },
    { key: 'plate', value: pick(form.plate, vehicle?.plate).toUpperCase() },
  ];
  if (input.showVinAndPhone) {
    lines.push(
      { key: 'vin', value: pick(form.vin, vehicle?.vin).toUpperCase() },
      { key: 'phone', value: pick(form.phone, contract?.phone) },
    );
  }
  return lines.filter((line) => line.value !== '');
}

/**
 * The price block in cents, or null when it is not shown. SPEC 9: "Fees apply only to the 'connect'
 * brand or when the legacy receipt preview is on"; "Fee total is the fee plus tax on the fee; for a
 * surplus it uses the surplus amount". A surplus is always shown, since it is paid (decision 287).
 * `feeCents` null means the fee is not known (yet).
 */
export function summaryPrice(input: {
  brandFeesApply: boolean;
  legacyReceiptPreview: boolean;
  feeCents: number | null;
  /** Tax rate as a fraction (0.115 = 11.5 %). */
  taxRate: number;
  surplus: Surplus | null;
}): FeeBreakdown | null {
  const surplusCents = input.surplus?.amount ?? null;
  const feesCharged = feesApply({
    brandFeesApply: input.brandFeesApply,
    legacyReceiptPreview: input.legacyReceiptPreview,
  });
  const paysSurplus = surplusCents !== null && surplusCents > 0;
  if (!paysSurplus && (!feesCharged || input.feeCents === null)) return null;
  const priceCents = servicePriceCents({
    surplusCents,
    feesCharged,
    feeCents: input.feeCents ?? 0,
  });
  return feeBreakdown({ feeCents: priceCents, taxRate: input.taxRate });
}
