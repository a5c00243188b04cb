import { buildTokenExchangeRequest, type TokenExchangeRequest } from '@auxilio/domain';
import type { SignInAttempt } from '../../../lib/oidc/sign-in-attempt.ts';
import {
  checkSignInCallback,
  type SignInCallbackFailure,
} from '../../../lib/oidc/sign-in-callback.ts';

/** Why a sign-in failed; each has a translated text (sign-in `failure.<reason>`). */
export type SignInFailure = SignInCallbackFailure | 'exchange';

export type CallbackOutcome =
  { kind: 'exchange'; request: TokenExchangeRequest } | { kind: 'failed'; reason: SignInFailure };

/** A callback that passes the SPEC 5 check becomes the SPEC 7 token exchange of the member's code. */
export function callbackOutcome(
  query: URLSearchParams,
  attempt: SignInAttempt | null,
  clientId: string,
): CallbackOutcome {
  const checked = checkSignInCallback(query, attempt);
  if (checked.kind === 'failed') return checked;
  const { code, attempt: stored } = checked;
  return {
    kind: 'exchange',
    request: buildTokenExchangeRequest({
      clientId,
      redirectUri: stored.redirectUri,
      codeVerifier: stored.verifier,
      code,
    }),
  };
}
