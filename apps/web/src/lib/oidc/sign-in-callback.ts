import { isValidSignInCallback } from '@auxilio/domain';
import type { SignInAttempt } from './sign-in-attempt.ts';

/** Why a callback is refused before any code is exchanged. */
export type SignInCallbackFailure = 'cancelled' | 'provider' | 'state';

export type SignInCallbackCheck =
  | { kind: 'accepted'; code: string; attempt: SignInAttempt }
  | { kind: 'failed'; reason: SignInCallbackFailure };

/**
 * SPEC 5 "Sign-in callback needs a code, a state equal to the stored state and no error". An `error`
 * parameter (RFC 6749 4.1.2.1) wins; anything else that does not fit never reaches a code exchange.
 */
export function checkSignInCallback(
  query: URLSearchParams,
  attempt: SignInAttempt | null,
): SignInCallbackCheck {
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
  return { kind: 'accepted', code, attempt };
}
