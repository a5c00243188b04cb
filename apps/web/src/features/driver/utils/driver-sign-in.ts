import {
  buildAuthorizeUrl,
  codeChallengeS256,
  createCodeVerifier,
  createSignInState,
  isValidSignInCallback,
  type SignInRuntimeConfig,
} from '@auxilio/domain';
import { z } from 'zod/mini';

// Driver sign-in (docs/decisions/761): the same authorization code + PKCE S256 redirect as a
// member's (SPEC 7), with the PKCE helpers of @auxilio/domain, returning to /driver/callback. The
// attempt waits in sessionStorage (this tab) under its own key, apart from the member's.

export const DRIVER_CALLBACK_PATH = '/driver/callback';
export const DRIVER_SIGN_IN_ATTEMPT_KEY = 'auxilio:driver-sign-in';

const AttemptSchema = z.object({
  state: z.string().check(z.minLength(1)),
  verifier: z.string().check(z.minLength(1)),
  redirectUri: z.string().check(z.minLength(1)),
});
type DriverSignInAttempt = z.infer<typeof AttemptSchema>;

/** Stores a new attempt and answers the /authorize URL to send the browser to. */
export async function beginDriverSignIn(input: {
  signIn: SignInRuntimeConfig;
  origin: string;
  storage: Storage;
}): Promise<string> {
  const attempt: DriverSignInAttempt = {
    state: createSignInState(),
    verifier: createCodeVerifier(),
    redirectUri: `${input.origin}${DRIVER_CALLBACK_PATH}`,
  };
  input.storage.setItem(DRIVER_SIGN_IN_ATTEMPT_KEY, JSON.stringify(attempt));
  return buildAuthorizeUrl({
    authorizeEndpoint: new URL(input.signIn.authorizeUrl, input.origin).href,
    clientId: input.signIn.clientId,
    state: attempt.state,
    scope: input.signIn.scope,
    redirectUri: attempt.redirectUri,
    codeChallenge: await codeChallengeS256(attempt.verifier),
  });
}

export type DriverSignInFailure = 'cancelled' | 'provider' | 'state';

export type DriverCallbackOutcome =
  | { kind: 'exchange'; body: { code: string; codeVerifier: string; redirectUri: string } }
  | { kind: 'failed'; reason: DriverSignInFailure };

/** An attempt is used once, whatever its outcome. */
export function clearDriverSignInAttempt(storage: Storage): void {
  storage.removeItem(DRIVER_SIGN_IN_ATTEMPT_KEY);
}

/**
 * Checks the callback against the stored attempt as SPEC 5 asks: a code, the stored state, no
 * error. Only then is the code sent to POST /driver-app/session. Reads only (render-safe).
 */
export function driverCallbackOutcome(
  query: URLSearchParams,
  storage: Storage,
): DriverCallbackOutcome {
  let attempt: DriverSignInAttempt | null = null;
  try {
    const parsed = AttemptSchema.safeParse(
      JSON.parse(storage.getItem(DRIVER_SIGN_IN_ATTEMPT_KEY) ?? ''),
    );
    attempt = parsed.success ? parsed.data : null;
  } catch {
    attempt = null;
  }
  const error = query.get('error');
  if (error) {
    return { kind: 'failed', reason: error === 'access_denied' ? 'cancelled' : 'provider' };
  }
  const code = query.get('code');
  if (
    !code ||
    !attempt ||
    !isValidSignInCallback({ code, state: query.get('state') }, attempt.state)
  ) {
    return { kind: 'failed', reason: 'state' };
  }
  return {
    kind: 'exchange',
    body: { code, codeVerifier: attempt.verifier, redirectUri: attempt.redirectUri },
  };
}
