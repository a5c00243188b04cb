import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  TEXT_LINK_PURPOSE_CODES,
  TextLinkTokenSchema,
  type TextLinkExchangeRequest,
  type TextLinkExchangeResponse,
  type TextLinkPurpose,
} from '@auxilio/domain';
import { AppError } from '../lib/errors.ts';
import type { Repositories } from '../repositories/index.ts';
import type { ServiceRow } from '../repositories/services.ts';
import { shareLinkExpiry } from './share-links.ts';
import { deriveServiceToken, hashServiceToken } from './service-tokens.ts';

// Links in the texts sent to the customer (docs/decisions/610): `{p}.{exp}.{mac}`, the HMAC under
// the server's text-link key of the purpose, the service id, the expiry and the service's access
// record (the hash of its bearer token). Nothing is stored: a link ends with its expiry or 24 h
// after its service ends, as a shared link does (decision 474), and a new access record (another
// token hash) would revoke every link signed for the old one. The exchange answers the service's own
// bearer token, derived again from what the server kept (decision 476), so the phone that opens the
// link is the customer's phone for that service.

/** How long a texted link works at most (decision 610); the service's end closes it earlier. */
export const TEXT_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const CODE_TO_PURPOSE = Object.fromEntries(
  Object.entries(TEXT_LINK_PURPOSE_CODES).map(([purpose, code]) => [code, purpose]),
) as Record<string, TextLinkPurpose>;

type SignedService = Pick<ServiceRow, 'id' | 'tokenHash'>;

function macOf(key: Buffer, purpose: TextLinkPurpose, service: SignedService, exp: string) {
  return createHmac('sha256', key)
    .update(`text-link\n${purpose}\n${service.id}\n${exp}\n${service.tokenHash}`)
    .digest('base64url');
}

/** The token of a texted link for `purpose`, working until `expiresAt` (whole seconds). */
export function signTextLink(
  key: Buffer,
  purpose: TextLinkPurpose,
  service: SignedService,
  expiresAt: Date,
): string {
  const exp = Math.floor(expiresAt.getTime() / 1000).toString(36);
  return `${TEXT_LINK_PURPOSE_CODES[purpose]}.${exp}.${macOf(key, purpose, service, exp)}`;
}

const notValid = () => new AppError('FORBIDDEN', 'This link does not open that service');

/**
 * Checks a texted link's token for service `serviceId` and a page of `purpose`: 403 for a token that
 * is not this server's for that service and purpose, or whose service's access was replaced
 * (revoked); 410 once it expired or its service ended more than 24 h ago. Answers the service and
 * the link's expiry.
 */
export async function verifyTextLink(
  repos: Pick<Repositories, 'services' | 'serviceAccess'>,
  key: Buffer,
  serviceId: string,
  request: TextLinkExchangeRequest,
  now: Date = new Date(),
): Promise<{ service: ServiceRow; expiresAt: Date }> {
  if (!TextLinkTokenSchema.safeParse(request.linkToken).success) throw notValid();
  const [code = '', exp = '', mac = ''] = request.linkToken.split('.');
  const record = await repos.services.findById(serviceId);
  // Same work whether the service exists or not, so ids cannot be probed (decision 201).
  const service = record?.service ?? { id: serviceId, tokenHash: 'absent' };
  const expected = Buffer.from(macOf(key, request.purpose, service, exp));
  const given = Buffer.from(mac);
  const matches = expected.length === given.length && timingSafeEqual(expected, given);
  if (!record || !matches || CODE_TO_PURPOSE[code] !== request.purpose) throw notValid();
  const signedExpiry = new Date(parseInt(exp, 36) * 1000);
  const access = await repos.serviceAccess.findShareAccess(serviceId);
  const afterEnd = access ? shareLinkExpiry({ ...access, shareTokenExpiresAt: null }) : null;
  const expiresAt = afterEnd && afterEnd < signedExpiry ? afterEnd : signedExpiry;
  if (expiresAt <= now) throw new AppError('GONE', 'This link has expired');
  return { service: record.service, expiresAt };
}

/**
 * POST /api/v1/services/{id}/text-link: the service's session for the holder of a valid texted
 * link. The bearer token is the one the service was created with, derived again (decision 476);
 * when it no longer derives (the server secret changed) the link is not valid.
 */
export async function exchangeTextLink(
  repos: Pick<Repositories, 'services' | 'serviceAccess'>,
  keys: { textLink: Buffer; serviceToken: Buffer },
  serviceId: string,
  request: TextLinkExchangeRequest,
  now: Date = new Date(),
): Promise<TextLinkExchangeResponse> {
  const { service, expiresAt } = await verifyTextLink(
    repos,
    keys.textLink,
    serviceId,
    request,
    now,
  );
  if (!service.requestPayloadHash) throw notValid();
  const token = deriveServiceToken(keys.serviceToken, service.id, service.requestPayloadHash);
  if (hashServiceToken(token) !== service.tokenHash) throw notValid();
  return {
    serviceId: service.id,
    serviceNumber: String(service.serviceNumber),
    accountId: service.accountId,
    brand: service.brand,
    purpose: request.purpose,
    token,
    expiresAt: expiresAt.toISOString(),
  };
}
