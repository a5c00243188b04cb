import { readSignInAttempt } from '../../../lib/oidc/sign-in-attempt.ts';
import {
  checkSignInCallback,
  type SignInCallbackFailure,
} from '../../../lib/oidc/sign-in-callback.ts';

// Driver sign-in (docs/decisions/761): the same authorization code + PKCE S256 redirect as a
// member's (SPEC 7), returning to /driver/callback. The attempt waits in sessionStorage (this tab)
// under its own key, apart from the member's.

export const DRIVER_CALLBACK_PATH = '/driver/callback';
export const DRIVER_SIGN_IN_ATTEMPT_KEY = 'auxilio:driver-sign-in';

export type DriverCallbackOutcome =
  | { kind: 'exchange'; body: { code: string; codeVerifier: string; redirectUri: string } }
  | { kind: 'failed'; reason: SignInCallbackFailure };

/**
 * Checks the callback against the stored attempt as SPEC 5 asks: a code, the stored state, no
 * error. Only then is the code sent to POST /driver-app/session. Reads only (render-safe).
 */
export function driverCallbackOutcome(
  query: URLSearchParams,
  storage: Storage,
): DriverCallbackOutcome {
  const checked = checkSignInCallback(
    query,
    readSignInAttempt(storage, DRIVER_SIGN_IN_ATTEMPT_KEY),
  );
  if (checked.kind === 'failed') return checked;
  const { code, attempt } = checked;
  return {
    kind: 'exchange',
    body: { code, codeVerifier: attempt.verifier, redirectUri: attempt.redirectUri },
  };
}
