import { z } from 'zod/mini';
import { IsoDateTimeSchema, requiredText } from './primitives.ts';

/**
 * `POST /api/mmm-openid/token`. SPEC 7: "grant_type authorization_code, client_id, redirect_uri,
 * code_verifier, code; reads data.userInfo".
 */
export const TokenExchangeRequestSchema = z.object({
  grant_type: z.literal('authorization_code'),
  client_id: requiredText(200),
  redirect_uri: z.url().check(z.maxLength(2000)),
  /** PKCE verifier: 28 random bytes as hex (SPEC 9) = 56 characters; RFC 7636 allows 43-128. */
  code_verifier: z
    .string()
    .check(z.regex(/^[A-Za-z0-9._~-]{43,128}$/, 'Expected an RFC 7636 verifier')),
  code: requiredText(2000),
});
export type TokenExchangeRequest = z.infer<typeof TokenExchangeRequestSchema>;

/** SPEC 3 "Sign-in user info: firstname, lastname, cardnumber". */
export const SignInUserInfoSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  cardnumber: z.string(),
});
export type SignInUserInfo = z.infer<typeof SignInUserInfoSchema>;

/**
 * A signed-in member's session (decision 417): sent as `Authorization: Bearer <token>` with the
 * contract lookups, it opens the member's own contracts in full until `expiresAt`.
 */
export const MemberSessionSchema = z.object({
  token: z.string().check(z.minLength(16), z.maxLength(256)),
  expiresAt: IsoDateTimeSchema,
});
export type MemberSession = z.infer<typeof MemberSessionSchema>;

/**
 * Token exchange answer: the client reads `data.userInfo` (body `{ userInfo }`, SPEC 7) and keeps
 * `memberSession` for the contract lookups.
 */
export const TokenExchangeResponseSchema = z.object({
  userInfo: SignInUserInfoSchema,
  memberSession: MemberSessionSchema,
});
export type TokenExchangeResponse = z.infer<typeof TokenExchangeResponseSchema>;

/** Builds the token-exchange body of SPEC 7. */
export function buildTokenExchangeRequest(input: {
  clientId: string;
  redirectUri: string;
  codeVerifier: string;
  code: string;
}): TokenExchangeRequest {
  return {
    grant_type: 'authorization_code',
    client_id: input.clientId,
    redirect_uri: input.redirectUri,
    code_verifier: input.codeVerifier,
    code: input.code,
  };
}

/**
 * The PWA's sign-in callback routes (SPEC 2 "/mmm-openid/callback" and the "sign-in start and
 * callback routes", decision 170); each is a registered redirect URI on the app's own origin.
 */
export const SIGN_IN_CALLBACK_PATHS = ['/mmm-openid/callback', '/sign-in/callback'] as const;
export type SignInCallbackPath = (typeof SIGN_IN_CALLBACK_PATHS)[number];

/**
 * `/app-config.json` `signIn`: where the browser starts the sign-in (SPEC 7 "a browser redirect to
 * the identity provider's /authorize"). `authorizeUrl` may be relative to the app's origin (the
 * bundled provider under /oidc, docs/decisions/460).
 */
export const SignInRuntimeConfigSchema = z.object({
  authorizeUrl: z.string().check(z.minLength(1)),
  clientId: z.string().check(z.minLength(1)),
  scope: z.string().check(z.minLength(1)),
});
export type SignInRuntimeConfig = z.infer<typeof SignInRuntimeConfigSchema>;
