import { z } from 'zod/mini';
import type { Brand } from './brand.ts';
import type { Account } from './contract/accounts.ts';
import type { HomeNotes } from './contract/home-notes.ts';
import {
  CLIENT_NOTES_PREFIX,
  type ServiceRequestPayload,
  type UserAgentInfo,
} from './contract/service-request.ts';
import { formatMMDDYYYY } from './dates.ts';
import { feesApply, servicePriceCents } from './money.ts';
import { isTowServiceType, ServiceCategorySchema, type ServiceTypeName } from './service-types.ts';
import type { Session } from './session.ts';
import { MAX_TOW_PASSENGERS } from './constants.ts';
import { isValidCoordinate, splitFullName, vehicleSearchPlate } from './validation.ts';

// The service request the PWA sends (SPEC 3 "Service-request payload"), built from the session.

/**
 * The notes of the request. SPEC 3: "Notes text begins 'From Client: ' and holds either date plus
 * availability (home type) or the notes." Home comments follow the availability when given
 * (decision 128).
 */
export function buildClientNotes(input: {
  category: z.infer<typeof ServiceCategorySchema>;
  homeNotes: Pick<HomeNotes, 'date' | 'availability' | 'comments'>;
  notes: string;
}): string {
  if (input.category === 'home') {
    const { date, availability, comments } = input.homeNotes;
    const parts = [
      date ? formatMMDDYYYY(date) : '',
      availability ? availability.replace('_', ' ') : '',
    ].filter(Boolean);
    const text = parts.join(' ');
    const extra = comments.trim();
    return `${CLIENT_NOTES_PREFIX}${extra ? `${text}. ${extra}` : text}`;
  }
  return `${CLIENT_NOTES_PREFIX}${input.notes.trim()}`;
}

/**
 * What the customer wrote, as a provider reads it: the notes without SPEC 3's 'From Client: '
 * prefix; null when nothing follows it.
 */
export function clientNoteText(notes: string | null | undefined): string | null {
  if (!notes) return null;
  const text = (
    notes.startsWith(CLIENT_NOTES_PREFIX) ? notes.slice(CLIENT_NOTES_PREFIX.length) : notes
  ).trim();
  return text || null;
}

/**
 * The price of the request in cents: `serviceCost` is what the customer is charged (SPEC 9: "for a
 * surplus it uses the surplus amount"; otherwise the fee when fees apply, else 0) and `priceRate` the
 * account's fee for the service type. SPEC 3 "priceDetails (home track: priceRate and serviceCost)":
 * the home summary shows these two numbers and the payload sends them (decision 642).
 */
export function requestPriceDetails(
  session: Pick<Session, 'situation' | 'surplus' | 'customerFee'>,
  account: Pick<Account, 'serviceFees' | 'config'>,
  brand: Pick<Brand, 'feesApply'>,
): { priceRate: number; serviceCost: number } {
  const priceRate = session.situation ? (account.serviceFees[session.situation] ?? 0) : 0;
  const charged = feesApply({
    brandFeesApply: brand.feesApply,
    legacyReceiptPreview: account.config.legacyReceiptPreview,
  });
  const serviceCost = servicePriceCents({
    surplusCents: session.surplus?.amount ?? null,
    feesCharged: charged,
    feeCents: session.customerFee ?? priceRate,
  });
  return { priceRate, serviceCost };
}

/**
 * The tow passengers of a request (decision 650): the count chosen on /services/tow (SPEC 2, SPEC 3
 * Session "passengers") goes with a tow only, never above MAX_TOW_PASSENGERS (a session older than
 * the bound may hold more).
 */
export function towPassengersOf(
  situation: ServiceTypeName,
  passengers: number,
): Pick<ServiceRequestPayload, 'passengers'> {
  if (!isTowServiceType(situation)) return {};
  return { passengers: Math.min(Math.max(0, Math.trunc(passengers)), MAX_TOW_PASSENGERS) };
}

/** Thrown when the session lacks what a request needs (a screen skipped a step). */
export class IncompleteRequestError extends Error {
  constructor(readonly field: string) {
    super(`The request is missing ${field}`);
    this.name = 'IncompleteRequestError';
  }
}

/**
 * Builds the SPEC 3 service-request payload from the session. Validate the result with
 * `ServiceRequestPayloadSchema` before sending; this function only maps fields.
 */
export function buildServiceRequestPayload(
  session: Session,
  account: Pick<Account, '_id' | 'branch' | 'serviceFees' | 'config'>,
  brand: Pick<Brand, 'slug' | 'vehicleLookup' | 'feesApply'>,
  now: Date,
  userAgentInfo: UserAgentInfo,
): ServiceRequestPayload {
  if (!session.serviceId) throw new IncompleteRequestError('serviceId');
  if (!session.situation) throw new IncompleteRequestError('situation');
  const situation = session.situation;
  const category =
    session.serviceType?.category ?? (session.currentTrack === 'home' ? 'home' : 'road');
  const { clientForm, locations, payment, userExternalParams } = session;
  const { firstName, lastName } = splitFullName(clientForm.fullName);
  const year = Number.parseInt(clientForm.year, 10);

  const { priceRate, serviceCost: price } = requestPriceDetails(session, account, brand);

  const sit = locations.situation;
  const hasSituationAddress = sit.address.trim() !== '';
  const dest = locations.destination;
  const hasDestination = isValidCoordinate(dest);

  return {
    serviceId: session.serviceId,
    account_id: account._id,
    status: 'Queued',
    situation,
    category,
    ...(session.homeNotes.subService ? { subService: session.homeNotes.subService } : {}),
    ...towPassengersOf(situation, session.passengers),
    ...homeVisitOf(category, session.homeNotes),
    clientName: firstName,
    clientLastName: lastName,
    clientPhone1: clientForm.phone.trim(),
    clientEmail: clientForm.email.trim(),
    // SPEC 3 "vehPlate (upper case)"; SPEC 5 "Plate hyphens are removed" except in policy mode.
    vehPlate: vehicleSearchPlate(brand.vehicleLookup, clientForm.plate.trim()).toUpperCase(),
    vehMake: clientForm.make.trim(),
    vehModel: clientForm.model.trim(),
    vehYear: Number.isInteger(year) ? year : null,
    vehColor: clientForm.color.trim(),
    creationDate: now.toISOString(),
    sitLatitude: sit.lat,
    sitLongitude: sit.lng,
    sitAddress: sit.address,
    ...(hasSituationAddress
      ? { sitPlaceId: sit.placeId }
      : { sitReferenceAddress: session.referenceAddress }),
    destLatitude: hasDestination ? dest.lat : null,
    destLongitude: hasDestination ? dest.lng : null,
    destAddress: hasDestination ? dest.address : '',
    destPlaceId: hasDestination ? dest.placeId : '',
    price,
    priceDetails: category === 'home' ? { priceRate, serviceCost: price } : null,
    paymentMethod: payment.paymentMethod,
    cardIdStripe: payment.cardIdStripe,
    chargeIdStripe: payment.chargeIdStripe,
    customerIdStripe: payment.customerIdStripe,
    // SPEC 3 "currency (usd)" is a fixed wire field, whatever the branch: the server derives the
    // service's real currency (colones in Costa Rica, SPEC 9) from its branch (decision 655).
    currency: 'usd',
    isCovered: false,
    email_payment: payment.emailPayment,
    notes: buildClientNotes({ category, homeNotes: session.homeNotes, notes: session.notes }),
    fromConnectApp: true,
    sourceData: {
      type: userExternalParams.isFromWebview ? 'webview' : 'pwa',
      ...userAgentInfo,
      connectAppSource: userExternalParams.isFromWebview ? (session.brand ?? brand.slug) : null,
    },
    privacyPolicyAcceptanceDate: clientForm.privacyPolicyAcceptanceDate,
    externalId: userExternalParams.identifier,
    schedule: session.schedule ?? '',
    customerContract: session.customerContract?._id ?? null,
    pushOptIn: session.pushOptIn,
    // SPEC 3: "isFromCheckLimit (true when the brand differs from the previous account)".
    isFromCheckLimit:
      session.previousAccount !== null && session.previousAccount.brand !== brand.slug,
    isMMMHOD: session.isMMMHOD,
    DIDNumber: session.campaign?.name ?? null,
    policyNumber: userExternalParams.policyNumber ?? session.customerContract?.policyNumber ?? null,
  };
}

/** The home visit's day and window (decision 644), on the home track once both are chosen. */
function homeVisitOf(
  category: ServiceRequestPayload['category'],
  { date, availability }: HomeNotes,
): Pick<ServiceRequestPayload, 'homeVisit'> {
  return category === 'home' && date && availability ? { homeVisit: { date, availability } } : {};
}
