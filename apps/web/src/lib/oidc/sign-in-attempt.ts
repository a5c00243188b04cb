import {
  buildAuthorizeUrl,
  codeChallengeS256,
  createCodeVerifier,
  createSignInState,
  type SignInRuntimeConfig,
} from '@auxilio/domain';
import { z } from 'zod/mini';
import { readStoredJson } from '../stored-json.ts';

// SPEC 7 "a browser redirect to the identity provider's /authorize with response_type code,
// client_id, state, scope, redirect_uri, code_challenge and code_challenge_method S256". The state
// and the PKCE verifier wait in sessionStorage (this tab only) until the callback (decision 460),
// each sign-in (member, driver) under its own key so one never answers the other's callback.

const SignInAttemptSchema = z.object({
  state: z.string().check(z.minLength(1)),
  verifier: z.string().check(z.minLength(1)),
  redirectUri: z.string().check(z.minLength(1)),
});
export type SignInAttempt = z.infer<typeof SignInAttemptSchema>;

/** Stores a new attempt under `key` and answers the /authorize URL to send the browser to. */
export async function beginSignInAttempt(input: {
  signIn: SignInRuntimeConfig;
  /** The app's origin, e.g. `location.origin`. */
  origin: string;
  /** The route the identity provider returns to. */
  callbackPath: string;
  storage: Storage;
  key: string;
}): Promise<string> {
  const attempt: SignInAttempt = {
    state: createSignInState(),
    verifier: createCodeVerifier(),
    redirectUri: `${input.origin}${input.callbackPath}`,
  };
  input.storage.setItem(input.key, JSON.stringify(attempt));
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
export function readSignInAttempt(storage: Storage, key: string): SignInAttempt | null {
  return readStoredJson(storage, key, SignInAttemptSchema);
}

/** An attempt is used once, whatever its outcome. */
export function clearSignInAttempt(storage: Storage, key: string): void {
  storage.removeItem(key);
}
