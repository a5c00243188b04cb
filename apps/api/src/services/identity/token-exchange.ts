import { type SignInUserInfo, type TokenExchangeRequest } from '@auxilio/domain';
import type { createRemoteJWKSet } from 'jose';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { onFirstUse } from '../../lib/on-first-use.ts';

// The relying-party side of SPEC 7 `POST /api/mmm-openid/token`: discovery, the code exchange at the
// token endpoint, the ID token check and the userinfo read, all over HTTP, so the bundled provider
// and a production one take the same path (docs/decisions/460).

// jose is loaded with the first sign-in, not at start (about 40 ms of a cold start).
const jose = onFirstUse(() => import('jose'));

export interface RelyingPartySettings {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  timeoutMs: number;
}

const DiscoverySchema = z.object({
  issuer: z.string(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url(),
  jwks_uri: z.url(),
});
type Discovery = z.infer<typeof DiscoverySchema>;

const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  id_token: z.string().min(1),
  token_type: z.string(),
});
const OAuthErrorSchema = z.object({ error: z.string() });

/** The userinfo of any account: its subject and whatever else the provider released. */
const UserinfoSchema = z.looseObject({ sub: z.string().min(1) });

/** Claims of a member, under SPEC 3 names or the standard OpenID names. */
const MemberClaimsSchema = z.object({
  sub: z.string(),
  firstname: z.string().optional(),
  lastname: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  cardnumber: z.union([z.string(), z.number()]).optional(),
});

const providerDown = (what: string) =>
  new AppError('UNAVAILABLE', `The identity provider is not available (${what})`);

async function callProvider(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw providerDown('no answer');
  }
}

async function readJson(response: Response): Promise<unknown> {
  return response.json().catch(() => undefined);
}

/** The provider's metadata (OpenID Connect Discovery 1.0). */
async function discover(issuer: string, timeoutMs: number): Promise<Discovery> {
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const response = await callProvider(url, { headers: { accept: 'application/json' } }, timeoutMs);
  const parsed = DiscoverySchema.safeParse(response.ok ? await readJson(response) : undefined);
  if (!parsed.success) throw providerDown('discovery');
  if (parsed.data.issuer !== issuer) throw providerDown('discovery names another issuer');
  return parsed.data;
}

/** RFC 6749 5.2 errors: the caller's mistakes are 400 naming a field; the rest is the provider's. */
function tokenError(status: number, body: unknown): AppError {
  const error = OAuthErrorSchema.safeParse(body);
  if (status >= 500 || status === 429 || !error.success) return providerDown(`HTTP ${status}`);
  if (error.data.error === 'invalid_client' || error.data.error === 'unauthorized_client') {
    return new AppError(
      'BAD_REQUEST',
      'The client is not known to the identity provider',
      'body.client_id',
    );
  }
  // invalid_grant: an unknown, expired or reused code, or a verifier or redirect URI that does not
  // match the authorization request. The provider does not say which, so neither do we.
  return new AppError(
    'BAD_REQUEST',
    'The sign-in code is invalid, expired or already used, or does not match the code verifier ' +
      'and redirect URI',
    'body.code',
  );
}

async function exchangeCode(
  settings: RelyingPartySettings,
  discovery: Discovery,
  request: TokenExchangeRequest,
  timeoutMs: number,
): Promise<z.infer<typeof TokenResponseSchema>> {
  const form = new URLSearchParams({
    grant_type: request.grant_type,
    code: request.code,
    redirect_uri: request.redirect_uri,
    code_verifier: request.code_verifier,
    client_id: request.client_id,
  });
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (settings.clientSecret) {
    // RFC 6749 2.3.1: client_secret_basic, with both parts form-encoded.
    const user = encodeURIComponent(settings.clientId);
    const secret = encodeURIComponent(settings.clientSecret);
    headers.authorization = `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;
  }
  const response = await callProvider(
    discovery.token_endpoint,
    { method: 'POST', headers, body: form },
    timeoutMs,
  );
  const body = await readJson(response);
  if (!response.ok) throw tokenError(response.status, body);
  const tokens = TokenResponseSchema.safeParse(body);
  if (!tokens.success) throw providerDown('malformed token response');
  return tokens.data;
}

/**
 * The verified claims of a signed-in account: the ID token's claims, overlaid by userinfo's (same
 * `sub`). Drivers are told apart by their role claim (docs/decisions/761).
 */
export type VerifiedClaims = Record<string, unknown> & { sub: string };

/** Exchanges sign-in codes at one provider; discovery and signing keys are kept once fetched. */
export interface RelyingParty {
  /** Exchanges the code and answers the account's verified claims. */
  exchangeCodeForClaims(request: TokenExchangeRequest): Promise<VerifiedClaims>;
  /**
   * SPEC 7 `POST /api/mmm-openid/token`: exchanges the code and answers the member's user info
   * (SPEC 3 "Sign-in user info: firstname, lastname, cardnumber").
   */
  exchangeCodeForUserInfo(request: TokenExchangeRequest): Promise<SignInUserInfo>;
}

export function createRelyingParty(settings: RelyingPartySettings): RelyingParty {
  const { timeoutMs } = settings;
  let metadata: { discovery: Discovery; keys: ReturnType<typeof createRemoteJWKSet> } | undefined;
  const provider = async () => {
    if (!metadata) {
      const discovery = await discover(settings.issuer, timeoutMs);
      const { createRemoteJWKSet } = await jose();
      const keys = createRemoteJWKSet(new URL(discovery.jwks_uri), { timeoutDuration: timeoutMs });
      metadata = { discovery, keys };
    }
    return metadata;
  };
  const claimsOf = async (request: TokenExchangeRequest) => {
    if (request.client_id !== settings.clientId) {
      throw new AppError('BAD_REQUEST', 'The client_id is not this app', 'body.client_id');
    }
    return exchangeCodeForClaims(settings, await provider(), request, timeoutMs);
  };
  return {
    exchangeCodeForClaims: claimsOf,
    exchangeCodeForUserInfo: async (request) => memberUserInfo(await claimsOf(request)),
  };
}

async function exchangeCodeForClaims(
  settings: RelyingPartySettings,
  { discovery, keys }: { discovery: Discovery; keys: ReturnType<typeof createRemoteJWKSet> },
  request: TokenExchangeRequest,
  timeoutMs: number,
): Promise<VerifiedClaims> {
  const tokens = await exchangeCode(settings, discovery, request, timeoutMs);
  const { jwtVerify } = await jose();
  const idToken = await jwtVerify(tokens.id_token, keys, {
    issuer: discovery.issuer,
    audience: settings.clientId,
  }).catch(() => {
    throw providerDown('invalid ID token');
  });
  const response = await callProvider(
    discovery.userinfo_endpoint,
    { headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' } },
    timeoutMs,
  );
  const userinfo = UserinfoSchema.safeParse(response.ok ? await readJson(response) : undefined);
  // OpenID Connect Core 5.3.2: the userinfo `sub` must be the ID token's.
  if (!userinfo.success || userinfo.data.sub !== idToken.payload.sub)
    throw providerDown('userinfo');
  return { ...idToken.payload, ...userinfo.data };
}

/** SPEC 3 "Sign-in user info: firstname, lastname, cardnumber" out of a member's claims. */
function memberUserInfo(verified: VerifiedClaims): SignInUserInfo {
  const claims = MemberClaimsSchema.safeParse(verified);
  if (!claims.success) throw providerDown('userinfo');
  const { firstname, given_name, lastname, family_name, cardnumber } = claims.data;
  if (cardnumber === undefined) throw providerDown("the member's card number is missing");
  return {
    firstname: firstname ?? given_name ?? '',
    lastname: lastname ?? family_name ?? '',
    cardnumber: String(cardnumber),
  };
}
