import type { DispatcherSession } from '@auxilio/domain';
import { AppError } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories/index.ts';
import {
  dispatcherContextOf,
  profileOf,
  type ScopeWarningLog,
} from '../dispatcher/dispatcher-auth.ts';
import { generateRandomToken, hashServiceToken } from '../service-tokens.ts';
import { exchangeSignInCode, type DriverSignInRequest } from './driver-session.ts';
import type { Identity } from './identity.ts';
import { hasRole, type RoleRule } from './role-claim.ts';

// Dispatcher sign-in (docs/decisions/762): the console's authorization code (PKCE S256) is
// exchanged at the identity provider like a driver's; the account must carry the dispatcher role
// claim and its subject must be an active dispatcher's `oidc_subject`. The dispatcher then gets a
// session token for one shift; only its sha-256 is stored. The scope comes from our database, never
// from a claim.

/** A session lasts one shift. */
export const DISPATCHER_SESSION_HOURS = 12;

export interface DispatcherSessionDeps {
  identity: Identity;
  repos: Pick<Repositories, 'dispatchers'>;
  /** The dispatcher role's claim and value (OIDC_DISPATCHER_ROLE_CLAIM, OIDC_DISPATCHER_ROLE). */
  rule: RoleRule;
  /** Where a dispatcher's unreadable scope is reported. */
  log?: ScopeWarningLog;
}

const notADispatcher = () =>
  new AppError('FORBIDDEN', 'This account is not a dispatcher: sign in as a dispatcher');

/** `POST /dispatcher/session`: 200 with a new session, 403 for anyone else, 400 for a bad code. */
export async function signInDispatcher(
  deps: DispatcherSessionDeps,
  request: DriverSignInRequest,
  now: Date = new Date(),
): Promise<DispatcherSession> {
  const claims = await exchangeSignInCode(deps.identity, request);
  if (!hasRole(claims, deps.rule)) throw notADispatcher();
  const dispatcher = await deps.repos.dispatchers.findBySubject(claims.sub);
  if (!dispatcher) throw notADispatcher();
  const token = generateRandomToken();
  const expiresAt = new Date(now.getTime() + DISPATCHER_SESSION_HOURS * 3_600_000);
  await deps.repos.dispatchers.createSession(dispatcher.id, hashServiceToken(token), expiresAt);
  const context = await dispatcherContextOf(deps.repos, dispatcher, deps.log);
  return { token, expiresAt: expiresAt.toISOString(), dispatcher: profileOf(context) };
}

/** `DELETE /dispatcher/session`: this console's token stops working; other consoles stay open. */
export async function signOutDispatcher(
  repos: Pick<Repositories, 'dispatchers'>,
  token: string,
): Promise<void> {
  await repos.dispatchers.deleteSession(hashServiceToken(token));
}
