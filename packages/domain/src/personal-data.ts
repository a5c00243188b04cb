import type { CustomerContract, Vehicle } from './contract/customer-contracts.ts';
import type { SuggestedDriver } from './contract/dispatch.ts';
import type { LatLng } from './geo.ts';
import { normalizePlate } from './validation.ts';

// Decision 417: what a caller holding only the public app key may see of a contract holder. The
// customer app needs no more than its next screen shows: the vehicle and the coverage, and enough of
// the holder to recognise the contract as theirs.

const MASK = '***';

/**
 * True when the signed-in member (their card number; null for the public app key) holds the
 * contract: only then is it answered in full (decision 417).
 */
export function isOwnContract(
  contract: Pick<CustomerContract, 'memberId'>,
  signedInMemberId: string | null,
): boolean {
  return signedInMemberId !== null && contract.memberId === signedInMemberId;
}

/** Each word's first letter and a mask: 'Ana Rivera Soto' → 'A*** R*** S***'. */
export function maskName(fullName: string): string {
  return fullName
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${word.charAt(0)}${MASK}`)
    .join(' ');
}

/** The last two digits only: '787-555-0134' → '***-**34'; '' stays ''. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits === '') return '';
  return `${MASK}-**${digits.slice(-2)}`;
}

/** The last three characters of the normalised plate: 'BCX-541' → '***541'. */
export function maskPlate(plate: string): string {
  const normalized = normalizePlate(plate);
  return normalized.length > 3 ? `${MASK}${normalized.slice(-3)}` : MASK;
}

/** A plate shown as is only to the caller who gave it (compared normalised); masked otherwise. */
export function plateForCaller(plate: string, givenPlate: string | undefined): string {
  const given = normalizePlate(givenPlate ?? '');
  return given !== '' && normalizePlate(plate) === given ? plate : maskPlate(plate);
}

/** A covered vehicle as the public app key sees it: no VIN, the plate masked unless given. */
export function maskedVehicle<V extends Vehicle>(vehicle: V, givenPlate: string | undefined): V {
  return { ...vehicle, plate: plateForCaller(vehicle.plate, givenPlate), vin: '' };
}

/**
 * A contract as a caller with only the public app key sees it (decision 417): the reference, the
 * dates, the vehicles without VIN, the coverage and limits; the holder's name and phone masked; no
 * e-mail, member id or policy number.
 */
export function maskedContract(
  contract: CustomerContract,
  givenPlate: string | undefined,
): CustomerContract {
  return {
    ...contract,
    detail: 'masked',
    fullName: maskName(contract.fullName),
    phone: maskPhone(contract.phone),
    email: '',
    memberId: null,
    policyNumber: null,
    vehicles: contract.vehicles.map((vehicle) => maskedVehicle(vehicle, givenPlate)),
  };
}

/** At most this many drivers are suggested to a caller with only the public app key (decision 418). */
export const PUBLIC_SUGGESTED_DRIVERS = 5;
/** Distance steps of a public suggestion, in metres. */
export const PUBLIC_DISTANCE_STEP_M = 500;

/** Side of the grid cells a public suggestion is computed from, in degrees (about 550 m). */
export const PUBLIC_SUGGESTION_CELL_DEG = 0.005;

/**
 * The point a public suggestion is computed from (decision 418): the centre of its grid cell, so
 * that moving the asked point within a cell changes nothing and the steps of the answer cannot be
 * walked to a driver's exact position.
 */
export function publicSuggestionPoint(point: LatLng): LatLng {
  const snap = (degrees: number) =>
    (Math.floor(degrees / PUBLIC_SUGGESTION_CELL_DEG) + 0.5) * PUBLIC_SUGGESTION_CELL_DEG;
  return { lat: snap(point.lat), lng: snap(point.lng) };
}

/**
 * Suggested drivers as the public app key sees them (decision 418): the nearest few only, each
 * under an id that is new on every call, with the ETA in whole minutes (as seconds, rounded up) and
 * the distance in 500 m steps, so that calls from chosen points cannot triangulate a driver. Exact
 * figures stay inside the server (dispatch).
 */
export function publicSuggestedDrivers(
  ranked: readonly SuggestedDriver[],
  newId: () => string,
): SuggestedDriver[] {
  return ranked.slice(0, PUBLIC_SUGGESTED_DRIVERS).map((driver) => ({
    _id: newId(),
    eta: Math.max(1, Math.ceil(driver.eta / 60)) * 60,
    distance:
      Math.max(1, Math.round(driver.distance / PUBLIC_DISTANCE_STEP_M)) * PUBLIC_DISTANCE_STEP_M,
  }));
}
