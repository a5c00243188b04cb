import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { drivers } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { DriverRow } from '../../repositories/drivers.ts';
import type { Repositories } from '../../repositories/index.ts';
import { setDriverOnline } from '../dispatch/driver-work.ts';
import { issueDriverToken } from '../driver-app.ts';
import type { Identity } from './identity.ts';
import { hasRole, type RoleRule } from './role-claim.ts';
import type { VerifiedClaims } from './token-exchange.ts';

// Driver sign-in (docs/decisions/761): the driver app's authorization code (PKCE S256) is exchanged
// at the identity provider like a member's (token-exchange.ts); the account must carry the driver
// role claim and its subject must be a driver's `oidc_subject`. Then the driver gets a driver-app
// token (docs/decisions/230). A member's sign-in never yields a driver token.

export interface DriverSignInRequest {
  code: string;
  codeVerifier: string;
  redirectUri: string;
}

/**
 * The identity provider's verified claims for a staff sign-in's code (a driver's or a
 * dispatcher's): the authorization code with its PKCE verifier, for this app's client. A bad code
 * is a 400.
 */
export function exchangeSignInCode(
  identity: Identity,
  request: DriverSignInRequest,
): Promise<VerifiedClaims> {
  return identity.exchangeCodeForClaims({
    grant_type: 'authorization_code',
    client_id: identity.clientId,
    redirect_uri: request.redirectUri,
    code_verifier: request.codeVerifier,
    code: request.code,
  });
}

export interface DriverSession {
  token: string;
  driver: { id: string; name: string; vehicleType: string; branch: string };
}

const notADriver = () =>
  new AppError('FORBIDDEN', 'This account is not a driver of the fleet: sign in as a driver');

export interface DriverSessionDeps {
  identity: Identity;
  db: Db;
  repos: Pick<Repositories, 'drivers'>;
  /** The driver role's claim and value (OIDC_DRIVER_ROLE_CLAIM, OIDC_DRIVER_ROLE). */
  rule: RoleRule;
}

/** `POST /driver-app/session`: 200 with a new driver token, 403 for a non-driver, 400 for a bad code. */
export async function signInDriver(
  deps: DriverSessionDeps,
  request: DriverSignInRequest,
): Promise<DriverSession> {
  const claims = await exchangeSignInCode(deps.identity, request);
  if (!hasRole(claims, deps.rule)) throw notADriver();
  const [driver] = await deps.db
    .select()
    .from(drivers)
    .where(eq(drivers.oidcSubject, claims.sub))
    .limit(1);
  if (!driver) throw notADriver();
  const token = await issueDriverToken(deps.repos, driver.id);
  return {
    token,
    driver: {
      id: driver.id,
      name: driver.name,
      vehicleType: driver.vehicleType,
      branch: driver.branch,
    },
  };
}

/**
 * `DELETE /driver-app/session`: the driver goes offline as with the online switch (a pending offer
 * is rejected, a trip under way stays), then the token stops working.
 */
export async function signOutDriver(
  db: Db,
  repos: Pick<Repositories, 'dispatch' | 'drivers' | 'services'>,
  driver: DriverRow,
): Promise<void> {
  await setDriverOnline(repos, driver, false, new Date());
  await db.update(drivers).set({ tokenHash: null }).where(eq(drivers.id, driver.id));
}
