import { readSignInAttempt } from '../../../lib/oidc/sign-in-attempt.ts';
import {
  checkSignInCallback,
  type SignInCallbackFailure,
} from '../../../lib/oidc/sign-in-callback.ts';

// Dispatcher sign-in (docs/decisions/762): the same authorization code + PKCE S256 redirect as a
// driver's, returning to /dispatcher/callback. The attempt waits in sessionStorage (this tab) under
// its own key, so it never answers a driver's or a member's callback.

export const DISPATCHER_HOME_PATH = '/dispatcher';
export const DISPATCHER_CALLBACK_PATH = '/dispatcher/callback';
export const DISPATCHER_SIGN_IN_ATTEMPT_KEY = 'auxilio:dispatcher-sign-in';

export type DispatcherCallbackOutcome =
  | { kind: 'exchange'; body: { code: string; codeVerifier: string; redirectUri: string } }
  | { kind: 'failed'; reason: SignInCallbackFailure };

/**
 * Checks the callback against the stored attempt: a code, the stored state, no error. Only then is
 * the code sent to POST /dispatcher/session. Reads only (render-safe).
 */
export function dispatcherCallbackOutcome(
  query: URLSearchParams,
  storage: Storage,
): DispatcherCallbackOutcome {
  const checked = checkSignInCallback(
    query,
    readSignInAttempt(storage, DISPATCHER_SIGN_IN_ATTEMPT_KEY),
  );
  if (checked.kind === 'failed') return checked;
  const { code, attempt } = checked;
  return {
    kind: 'exchange',
    body: { code, codeVerifier: attempt.verifier, redirectUri: attempt.redirectUri },
  };
}
