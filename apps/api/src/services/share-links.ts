import { timingSafeEqual } from 'node:crypto';
import {
  isCancelledServiceStatus,
  isFinishedServiceStatus,
  ServiceStatusSchema,
  SharedServiceSchema,
  type ShareLinkResponse,
  type SharedService,
} from '@auxilio/domain';
import { AppError } from '../lib/errors.ts';
import type { Repositories } from '../repositories/index.ts';
import type { ShareAccessRow } from '../repositories/service-access.ts';
import type { ServiceRecord } from '../repositories/services.ts';
import { toService } from './service-requests/wire-shape.ts';
import {
  authorizeService,
  bearerTokenOf,
  generateRandomToken,
  hashServiceToken,
} from './service-tokens.ts';

// ARCHITECTURE decision 9: "Shared tracking links carry their own expiring token and get a redacted
// view (no customer phone, no price)"; a link expires 24 h after its service ends.
// Docs/decisions/474.

type Repos = Pick<Repositories, 'services' | 'serviceAccess'>;

/** A shared link works until 24 h after its service ends (docs/decisions/474). */
export const SHARE_LINK_AFTER_END_MS = 24 * 60 * 60 * 1000;

function isEnded(status: string): boolean {
  const parsed = ServiceStatusSchema.safeParse(status);
  return (
    parsed.success &&
    (isFinishedServiceStatus(parsed.data) || isCancelledServiceStatus(parsed.data))
  );
}

/** When a link to this service stops working: null while the service is open. */
export function shareLinkExpiry(
  access: Pick<ShareAccessRow, 'status' | 'endDate' | 'lastEventAt' | 'shareTokenExpiresAt'>,
): Date | null {
  const endedAt = isEnded(access.status) ? (access.endDate ?? access.lastEventAt) : null;
  const afterEnd = endedAt ? new Date(endedAt.getTime() + SHARE_LINK_AFTER_END_MS) : null;
  const stored = access.shareTokenExpiresAt;
  if (afterEnd && stored) return afterEnd < stored ? afterEnd : stored;
  return afterEnd ?? stored;
}

/**
 * POST /api/v1/services/{id}/share: a new link token for the holder of the service's bearer token.
 * Only its hash is kept; minting again replaces it, so an earlier link stops working.
 */
export async function mintShareLink(
  repos: Repos,
  authorization: string | undefined,
  serviceId: string,
  now: Date = new Date(),
): Promise<ShareLinkResponse> {
  await authorizeService(repos, authorization, serviceId);
  const access = await repos.serviceAccess.findShareAccess(serviceId);
  if (!access) throw new AppError('FORBIDDEN', 'This token does not give access to that service');
  const expiry = shareLinkExpiry({ ...access, shareTokenExpiresAt: null });
  if (expiry && expiry <= now) {
    throw new AppError('GONE', 'This service ended more than 24 hours ago: it cannot be shared');
  }
  const shareToken = generateRandomToken();
  await repos.services.setShareToken(serviceId, hashServiceToken(shareToken), expiry);
  return { shareToken, expiresAt: expiry?.toISOString() ?? null };
}

function sameHash(stored: string | null, token: string): boolean {
  const given = Buffer.from(hashServiceToken(token), 'hex');
  const expected = Buffer.from(stored ?? hashServiceToken('no shared link'), 'hex');
  return stored !== null && expected.length === given.length && timingSafeEqual(given, expected);
}

/** Only the first word of the driver's name: the shared view shows a first name. */
function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** The redacted view: an allow-list of fields, so a new service column never leaks by default. */
export function toSharedService(record: ServiceRecord, expiresAt: Date | null): SharedService {
  const service = toService(record);
  const point = (place: (typeof service.locations)['situation']) =>
    place
      ? { lat: place.lat, lng: place.lng, address: place.prettyAddress || place.address }
      : null;
  const driver = service.driver;
  return SharedServiceSchema.parse({
    serviceId: service._id,
    status: service.status,
    situation: service.situation,
    serviceType: service.serviceType,
    branch: service.branch,
    trip: service.trip,
    locations: {
      situation: point(service.locations.situation),
      destination: point(service.locations.destination),
    },
    driver: driver
      ? {
          firstName: firstNameOf(driver.name),
          vehicleType: driver.vehicleType ?? null,
          iconset: driver.iconset ?? null,
          vehicleImage: driver.vehicleImage ?? null,
          lat: driver.lat ?? null,
          lng: driver.lng ?? null,
          eta: driver.eta ?? null,
          distance: driver.distance ?? null,
        }
      : null,
    expiresAt: expiresAt?.toISOString() ?? null,
  });
}

/**
 * Checks a shared link's token for service `serviceId`: 401 without a token, 403 for a wrong one (or
 * an unknown service), 410 once the link has expired. Answers the link's expiry (null: open).
 */
export async function authorizeShareLink(
  repos: Pick<Repositories, 'serviceAccess'>,
  authorization: string | undefined,
  serviceId: string,
  now: Date = new Date(),
): Promise<Date | null> {
  const token = bearerTokenOf(authorization);
  if (!token) {
    throw new AppError('UNAUTHORIZED', 'Missing link token: send Authorization: Bearer <token>');
  }
  const access = await repos.serviceAccess.findShareAccess(serviceId);
  if (!access || !sameHash(access.shareTokenHash, token)) {
    throw new AppError('FORBIDDEN', 'This link does not give access to that service');
  }
  const expiresAt = shareLinkExpiry(access);
  if (expiresAt && expiresAt <= now) {
    throw new AppError('GONE', 'This tracking link has expired');
  }
  return expiresAt;
}

/** GET /api/v1/services/{id}/shared: the redacted view for the holder of the link's token. */
export async function readSharedService(
  repos: Repos,
  authorization: string | undefined,
  serviceId: string,
  now: Date = new Date(),
): Promise<SharedService> {
  const expiresAt = await authorizeShareLink(repos, authorization, serviceId, now);
  const record = await repos.services.findById(serviceId);
  if (!record) throw new AppError('FORBIDDEN', 'This link does not give access to that service');
  return toSharedService(record, expiresAt);
}

/**
 * The shared stream's version of an event: its id and type, never its payload (payloads carry
 * what the redacted view leaves out). A link holder refetches the view when one arrives.
 */
export function redactServiceEvent<E extends { seq: number; type: string }>(
  event: E,
): E & { payload: Record<string, never> } {
  return { ...event, payload: {} };
}
