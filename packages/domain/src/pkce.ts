// SPEC 9 sign-in and SPEC 7 authorize redirect: OAuth 2.0 authorization code with PKCE (RFC 7636).
// Uses Web Crypto on globalThis, so the same code runs in the browser and in Node 20.

/** SPEC 9: "state and verifier are each 28 random bytes as hex" (bytes). */
export const SIGN_IN_RANDOM_BYTES = 28;

/** Lower-case hex text of `bytes` cryptographically random bytes (2 characters per byte). */
export function randomHex(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buffer);
  return Array.from(buffer, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** New sign-in state: 28 random bytes as 56 hex characters. */
export function createSignInState(): string {
  return randomHex(SIGN_IN_RANDOM_BYTES);
}

/** New PKCE code verifier: 28 random bytes as 56 hex characters (RFC 7636 allows 43..128). */
export function createCodeVerifier(): string {
  return randomHex(SIGN_IN_RANDOM_BYTES);
}

/** Base64url text without padding of some bytes (RFC 4648 section 5). */
export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** S256 code challenge of a verifier: base64url (no padding) of its SHA-256 digest. */
export async function codeChallengeS256(verifier: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(verifier),
  );
  return base64UrlEncode(new Uint8Array(digest));
}

/** Query of the sign-in callback as the browser received it. */
export interface SignInCallback {
  code?: string | null | undefined;
  state?: string | null | undefined;
  error?: string | null | undefined;
}

/** True when a callback may be exchanged for a token. */
export function isValidSignInCallback(
  callback: SignInCallback,
  storedState: string | null | undefined,
): boolean {
  // SPEC 5: "Sign-in callback needs a code, a state equal to the stored state and no error."
  return (
    Boolean(callback.code) &&
    Boolean(storedState) &&
    callback.state === storedState &&
    !callback.error
  );
}

/** The identity provider's /authorize URL (SPEC 7 "browser redirect to the identity provider"). */
export function buildAuthorizeUrl(input: {
  authorizeEndpoint: string;
  clientId: string;
  state: string;
  scope: string;
  redirectUri: string;
  codeChallenge: string;
}): string {
  const url = new URL(input.authorizeEndpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', input.clientId);
  url.searchParams.set('state', input.state);
  url.searchParams.set('scope', input.scope);
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('code_challenge', input.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}
