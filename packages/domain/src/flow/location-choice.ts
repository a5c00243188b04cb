import type { LocationPermission } from '../enumerations.ts';
import type { LocationPoint, ReferenceAddress } from '../contract/locations.ts';
import type { ServiceTypeName } from '../service-types.ts';
import type { Session } from '../session.ts';
import { isValidCoordinate } from '../validation.ts';

// SPEC 2 "Location screen" and SPEC 8 "Geolocation unavailable in the location screen": the rules of
// /location, /location/reference and the point-on-map mode, as pure functions of the session.

/** The two points the customer chooses on /location (SPEC 3 "Locations"). */
export type ChosenPointKind = 'situation' | 'destination';

/** True when the destination box is shown. SPEC 2: "A destination box appears only for towBreakdown". */
export function needsDestination(situation: ServiceTypeName | null | undefined): boolean {
  return situation === 'towBreakdown';
}

/** The session with one chosen point replaced (situation or destination). */
export function withLocationPoint(
  session: Session,
  kind: ChosenPointKind,
  point: LocationPoint,
): Session {
  return { ...session, locations: { ...session.locations, [kind]: point } };
}

/** The session with the location permission replaced. */
export function withLocationPermission(session: Session, permission: LocationPermission): Session {
  return { ...session, locations: { ...session.locations, permission } };
}

/**
 * True when "use current location" first asks with the permission dialog (SPEC 2 "A permission
 * dialog 'Allow us to access your location'"). Once granted, the position is read at once
 * (decision 281).
 */
export function asksLocationPermission(permission: LocationPermission): boolean {
  return permission !== 'GRANTED';
}

/**
 * The permission stored after one position read. SPEC 8: "Geolocation unavailable in the location
 * screen: Permission denied and the dialog closes"; a position means the browser granted it.
 */
export function permissionAfterPositionRead(result: 'position' | 'error'): LocationPermission {
  return result === 'position' ? 'GRANTED' : 'DENIED';
}

/**
 * A point from a position and its reverse-geocoded address. Without an address (no answer, weak
 * signal) the coordinates become the address text, so a stranded customer can still confirm and
 * the driver still gets the position (decision 281).
 */
export function pointFromPosition(
  position: { lat: number; lng: number },
  address: { address: string; placeId: string } | null,
): LocationPoint {
  const text = address?.address.trim() || `${position.lat.toFixed(6)}, ${position.lng.toFixed(6)}`;
  return {
    lat: position.lat,
    lng: position.lng,
    address: text,
    placeId: address?.placeId ?? '',
    prettyAddress: text,
  };
}

/** True when a chosen point has valid coordinates (SPEC 5: "both lat and lng are non-zero"). */
export function hasCoordinates(point: Pick<LocationPoint, 'lat' | 'lng'>): boolean {
  return isValidCoordinate(point);
}

/** The fullAddress of the SPEC 3 reference address form: its filled parts, comma separated. */
export function referenceFullAddress(form: Omit<ReferenceAddress, 'fullAddress'>): string {
  return [form.address1, form.address2, form.city, form.zipCode, form.country]
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter((part) => part !== '')
    .join(', ');
}

/** True when the manual address can be saved: a street line and a city (decision 283). */
export function isReferenceAddressComplete(form: Omit<ReferenceAddress, 'fullAddress'>): boolean {
  return form.address1.trim() !== '' && form.city.trim() !== '';
}

/**
 * The session after the manual address is saved (decision 283): the form is kept as the request's
 * reference address and the situation takes its text with no coordinates, so confirm-location
 * (SPEC 5 "until the situation address exists") can go on; the payload then carries the situation
 * address, and the reference address whenever there is no situation address (SPEC 3).
 */
export function withReferenceAddress(
  session: Session,
  form: Omit<ReferenceAddress, 'fullAddress'>,
): Session {
  const fullAddress = referenceFullAddress(form);
  return {
    ...session,
    referenceAddress: { ...form, fullAddress },
    locations: {
      ...session.locations,
      situation: { lat: 0, lng: 0, address: fullAddress, placeId: '', prettyAddress: fullAddress },
    },
  };
}
