import {
  buildTokenExchangeRequest,
  isValidSignInCallback,
  type TokenExchangeRequest,
} from '@auxilio/domain';
import type { SignInAttempt } from './sign-in-attempt.ts';

/** Why a sign-in failed; each has a translated text (sign-in `failure.<reason>`). */
export type SignInFailure = 'cancelled' | 'provider' | 'state' | 'exchange';

export type CallbackOutcome =
  { kind: 'exchange'; request: TokenExchangeRequest } | { kind: 'failed'; reason: SignInFailure };

/**
 * SPEC 5 "Sign-in callback needs a code, a state equal to the stored state and no error". An `error`
 * parameter (RFC 6749 4.1.2.1) wins; anything else that does not fit never reaches the token call.
 */
export function callbackOutcome(
  query: URLSearchParams,
  attempt: SignInAttempt | null,
  clientId: string,
): CallbackOutcome {
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
    request: buildTokenExchangeRequest({
      clientId,
      redirectUri: attempt.redirectUri,
      codeVerifier: attempt.verifier,
      code,
    }),
  };
}
