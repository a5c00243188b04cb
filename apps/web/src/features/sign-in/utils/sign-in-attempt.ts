import {
  buildAuthorizeUrl,
  codeChallengeS256,
  createCodeVerifier,
  createSignInState,
  type SignInCallbackPath,
  type SignInRuntimeConfig,
} from '@auxilio/domain';
import { z } from 'zod/mini';

// SPEC 7 "a browser redirect to the identity provider's /authorize with response_type code,
// client_id, state, scope, redirect_uri, code_challenge and code_challenge_method S256". The state
// and the verifier wait in sessionStorage (this tab only) until the callback (decision 460).

export const SIGN_IN_ATTEMPT_KEY = 'auxilio:sign-in';

const SignInAttemptSchema = z.object({
  state: z.string().check(z.minLength(1)),
  verifier: z.string().check(z.minLength(1)),
  redirectUri: z.string().check(z.minLength(1)),
});
export type SignInAttempt = z.infer<typeof SignInAttemptSchema>;

/** Stores a new attempt and answers the /authorize URL to send the browser to. */
export async function beginSignIn(input: {
  signIn: SignInRuntimeConfig;
  /** The app's origin, e.g. `location.origin`. */
  origin: string;
  callbackPath: SignInCallbackPath;
  storage: Storage;
}): Promise<string> {
  const attempt: SignInAttempt = {
    state: createSignInState(),
    verifier: createCodeVerifier(),
    redirectUri: `${input.origin}${input.callbackPath}`,
  };
  input.storage.setItem(SIGN_IN_ATTEMPT_KEY, JSON.stringify(attempt));
  return buildAuthorizeUrl({
    authorizeEndpoint: new URL(input.signIn.authorizeUrl, input.origin).href,
    clientId: input.signIn.clientId,
    state: attempt.state,
    scope: input.signIn.scope,
    redirectUri: attempt.redirectUri,
    codeChallenge: await codeChallengeS256(attempt.verifier),
  });
}

/** The stored attempt, or null when there is none (another tab, expired session, tampering). */
export function readSignInAttempt(storage: Storage): SignInAttempt | null {
  try {
    const parsed = SignInAttemptSchema.safeParse(
      JSON.parse(storage.getItem(SIGN_IN_ATTEMPT_KEY) ?? ''),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** An attempt is used once, whatever its outcome. */
export function clearSignInAttempt(storage: Storage): void {
  storage.removeItem(SIGN_IN_ATTEMPT_KEY);
}
