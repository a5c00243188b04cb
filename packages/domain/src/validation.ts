import type { VehicleLookupMode } from './brand.ts';
import {
  ACCURACY_THRESHOLD_M,
  MAX_SUGGESTED_DRIVERS,
  MAX_TOW_PASSENGERS,
  ROUTE_DEVIATION_M,
  SURVEY_LIMITS,
} from './constants.ts';
import type { HomeAvailability, SurveyQuestionType, Track } from './enumerations.ts';
import { isInCoordinateRange, isZeroCoordinate, type LatLng } from './geo.ts';
import type { ServiceTypeName } from './service-types.ts';

// SPEC 5 "Validation rules" that are pure checks or normalisations.

/** Plate with hyphens removed and upper case. SPEC 5: "Plate hyphens are removed". */
export function normalizePlate(plate: string): string {
  return plate.trim().replace(/-/g, '').toUpperCase();
}

/** What the customer typed or the entry link carried, by lookup field. */
export interface VehicleSearchInput {
  plate?: string | null | undefined;
  fullName?: string | null | undefined;
  memberId?: string | null | undefined;
  policyNumber?: string | null | undefined;
}

/** Contract search term for a brand's lookup mode ('' when that field is missing). */
export function vehicleSearchTerm(mode: VehicleLookupMode, input: VehicleSearchInput): string {
  // SPEC 5: "for brands that look up by name, the name; otherwise the plate. For MMM and
  // multiple-home brands, the member id. For the otium brand, the policy number".
  switch (mode) {
    case 'name':
      return collapseSpaces(input.fullName ?? '');
    case 'memberId':
      return (input.memberId ?? '').trim();
    case 'policyNumber':
      return (input.policyNumber ?? '').trim();
    case 'plate':
      return normalizePlate(input.plate ?? '');
  }
}

/** Plate to send with a lookup: normalized, except as typed in policy-number mode. */
export function vehicleSearchPlate(mode: VehicleLookupMode, plate: string): string {
  // SPEC 5: "For the otium brand, the policy number, and the plate is not normalized."
  return mode === 'policyNumber' ? plate : normalizePlate(plate);
}

function collapseSpaces(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** First word as first name, the rest as last name (spaces trimmed and collapsed). */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  // SPEC 5: "Full name: first word is the first name, the rest the last name."
  const [firstName = '', ...rest] = collapseSpaces(fullName).split(' ');
  return { firstName, lastName: rest.join(' ') };
}

/** True when lat and lng (degrees) are both non-zero and in range. */
export function isValidCoordinate(point: LatLng): boolean {
  // SPEC 5: "Coordinates are valid only if both lat and lng are non-zero."
  return point.lat !== 0 && point.lng !== 0 && isInCoordinateRange(point);
}

/** True when a suggestion request is worth making: the situation is not at (0, 0) degrees. */
export function shouldRequestSuggestions(situation: LatLng): boolean {
  // SPEC 5: "A suggestion request returns no drivers, without a call, when situation lat and lng
  // are both 0."
  return !isZeroCoordinate(situation);
}

/** The suggested drivers actually used: the first 500. */
export function takeSuggestedDrivers<T>(drivers: readonly T[]): T[] {
  // SPEC 5: "At most 500 suggested drivers are used."
  return drivers.slice(0, MAX_SUGGESTED_DRIVERS);
}

/** True when an answer fits its survey question type (decision 113 for yesNo and numericStepper). */
export function isValidSurveyValue(type: SurveyQuestionType, value: unknown): boolean {
  const inRange = (min: number, max: number): boolean =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
  // SPEC 5: "Survey comment max 255 characters; slider 0 to 10; rating buttons 0 to 10; stars 1 to 5."
  switch (type) {
    case 'textarea':
      return typeof value === 'string' && value.length <= SURVEY_LIMITS.commentMaxLength;
    case 'startRating':
      return inRange(SURVEY_LIMITS.starsMin, SURVEY_LIMITS.starsMax);
    case 'slider':
      return inRange(SURVEY_LIMITS.sliderMin, SURVEY_LIMITS.sliderMax);
    case 'ratingButton':
      return inRange(SURVEY_LIMITS.ratingButtonMin, SURVEY_LIMITS.ratingButtonMax);
    case 'yesNo':
      return typeof value === 'boolean';
    case 'numericStepper':
      return inRange(0, Number.MAX_SAFE_INTEGER);
  }
}

const KNOWN_EXTENSIONS = ['png', 'jpg', 'jpeg', 'mp4'];

/** File extension of an upload's MIME type; known:false tells the caller to log a warning. */
export function imageExtensionFromMime(mime: string): { extension: string; known: boolean } {
  // SPEC 5: "png, jpg, jpeg, mp4, otherwise the part after the slash. Unknown type logs a warning."
  const essence = (mime.split(';')[0] ?? '').trim().toLowerCase();
  const slash = essence.indexOf('/');
  const extension = slash >= 0 ? essence.slice(slash + 1) : '';
  return { extension, known: KNOWN_EXTENSIONS.includes(extension) };
}

/** Success-redirect link with `serviceNumber` added as a query parameter (decision 114). */
export function appendServiceNumberToLink(url: string, serviceNumber: string | number): string {
  // SPEC 5: "A service number may be appended to a success-redirect link."
  const hashAt = url.indexOf('#');
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const separator = !base.includes('?') ? '?' : /[?&]$/.test(base) ? '' : '&';
  return `${base}${separator}serviceNumber=${encodeURIComponent(String(serviceNumber))}${hash}`;
}

/**
 * Share link of a service. SPEC 9: "{host}/{serviceId}?account={brand}&redirect=tracking/loading",
 * plus the link token as `t` (SPEC 2 landing query; decisions 474 and 475) when one was minted.
 */
export function buildShareLink(input: {
  host: string;
  serviceId: string;
  brand: string;
  shareToken?: string;
}): string {
  const host = input.host.replace(/\/+$/, '');
  const id = encodeURIComponent(input.serviceId);
  const link = `${host}/${id}?account=${encodeURIComponent(input.brand)}&redirect=tracking/loading`;
  return input.shareToken ? `${link}&t=${encodeURIComponent(input.shareToken)}` : link;
}

/** Arrival-time input text: digits only, clamped to [min, max] ('' stays ''). */
export function keepDigits(
  input: string,
  limits: { min: number; max?: number | undefined },
): string {
  // SPEC 5: "Arrival-time numeric input keeps digits only, min 0, optional max."
  const digits = input.replace(/\D/g, '');
  if (digits === '') return '';
  let value = Number(digits);
  if (value < limits.min) value = limits.min;
  if (limits.max !== undefined && value > limits.max) value = limits.max;
  return String(value);
}

/** Phone number with every non-digit removed (for get-service phone numbers). */
export function digitsOnlyPhone(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * Passenger count after a tap of +1 or -1; a change below 0 or above MAX_TOW_PASSENGERS is refused
 * (count unchanged).
 */
export function adjustPassengers(current: number, delta: number): number {
  // SPEC 5: "Passenger count accepted only if 0 or more; adjusted by one per tap; no upper bound
  // shown" (ours: MAX_TOW_PASSENGERS, decision 650; a count above it may still go down).
  const next = current + delta;
  if (next < 0) return current;
  return next > MAX_TOW_PASSENGERS && delta > 0 ? current : next;
}

/** True when a position's accuracy radius in metres is 20 m or better. */
export function isAccurateEnough(accuracyMeters: number | null | undefined): boolean {
  // SPEC 5: "Live position accepted only when accuracy is 20 m or better."
  return (
    accuracyMeters != null &&
    Number.isFinite(accuracyMeters) &&
    accuracyMeters >= 0 &&
    accuracyMeters <= ACCURACY_THRESHOLD_M
  );
}

/** True when a driver this many metres from the route needs a new route (more than 200 m). */
export function isOffRoute(distanceMeters: number): boolean {
  // SPEC 5: "Driver route recomputed when the driver is more than 200 m from the path."
  return distanceMeters > ROUTE_DEVIATION_M;
}

/** True when a note has text besides spaces. SPEC 5: "Send-note button only when note is non-empty." */
export function isNoteSendable(text: string | null | undefined): boolean {
  return (text ?? '').trim().length > 0;
}

/** True when the confirm-location button is enabled (addresses as text, coordinates in degrees). */
export function canConfirmLocation(input: {
  situationAddress: string | null | undefined;
  serviceType: ServiceTypeName | null | undefined;
  destination: Partial<LatLng> | null | undefined;
}): boolean {
  // SPEC 5: "Confirm-location disabled until the situation address exists, and for towBreakdown
  // also until the destination has coordinates."
  if (!input.situationAddress?.trim()) return false;
  if (input.serviceType !== 'towBreakdown') return true;
  const { lat, lng } = input.destination ?? {};
  return lat != null && lng != null && isValidCoordinate({ lat, lng });
}

/** True when the home sub-service confirm button is enabled. */
export function canConfirmHomeSubService(selected: string | null | undefined): boolean {
  // SPEC 5: "Home sub-service confirm needs a selected service."
  return Boolean(selected);
}

// For the request button of the home track's summary (and of confirm-data mode).
/** True when the request button is disabled. */
export function isRequestButtonDisabled(input: {
  track: Track;
  availability: HomeAvailability | null | undefined;
  confirmDataMode: boolean;
  messageConfirmationStatus: string | null | undefined;
}): boolean {
  // SPEC 5: "disabled for home when no availability is chosen; disabled in confirm-data mode when
  // messageConfirmation status is already 'confirm'."
  if (input.track === 'home' && !input.availability) return true;
  return input.confirmDataMode && input.messageConfirmationStatus === 'confirm';
}
