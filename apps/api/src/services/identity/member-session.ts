import { onFirstUse } from '../../lib/on-first-use.ts';
import { bearerTokenOf } from '../service-tokens.ts';

// jose is loaded with the first member session, not at start (about 40 ms of a cold start).
const jose = onFirstUse(() => import('jose'));

// A signed-in member's session (decision 417): after the OpenID Connect sign-in the API hands the
// PWA a short-lived credential naming the member's card number, signed with the server's
// member-session key (decision 476). With it the member's own contracts are answered in full; any
// other caller of the lookups gets them masked.

/** How long a member session lasts: a request, with time to spare. */
export const MEMBER_SESSION_SECONDS = 2 * 60 * 60;
const AUDIENCE = 'auxilio-member-session';
const ALGORITHM = 'HS256';

export interface MemberSession {
  token: string;
  /** ISO date-time after which the API no longer accepts it. */
  expiresAt: string;
}

/** Signs a session for the member with this card number (SPEC 3 "cardnumber"). */
export async function signMemberSession(
  key: Buffer,
  cardnumber: string,
  now: Date = new Date(),
): Promise<MemberSession> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + MEMBER_SESSION_SECONDS;
  const { SignJWT } = await jose();
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(cardnumber)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key);
  return { token, expiresAt: new Date(expiresAt * 1000).toISOString() };
}

/**
 * The card number of the member whose session `authorization` carries, or null: no bearer token,
 * another kind of token, a bad signature or an expired session all mean "not a member". A member
 * session only ever adds data to an answer, so an old one quietly gives the public view.
 */
export async function memberOf(
  key: Buffer,
  authorization: string | undefined,
  now: Date = new Date(),
): Promise<string | null> {
  const token = bearerTokenOf(authorization);
  if (!token || token.split('.').length !== 3) return null;
  try {
    const { jwtVerify } = await jose();
    const { payload } = await jwtVerify(token, key, {
      audience: AUDIENCE,
      algorithms: [ALGORITHM],
      currentDate: now,
    });
    return typeof payload.sub === 'string' && payload.sub !== '' ? payload.sub : null;
  } catch {
    return null;
  }
}
