import { z } from 'zod';
import { commaList, emptyAsUnset, optionalString, type EnvValues } from './env-values.ts';

// --- Member sign-in (SPEC 7 /api/mmm-openid/token; docs/decisions/460): the bundled identity
// provider under /oidc unless OIDC_ISSUER names a production OpenID Connect provider (discovery). ---
export const IDENTITY_ENV = {
  OIDC_ISSUER: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OIDC_CLIENT_ID: optionalString.transform((value) => value ?? 'auxilio-pwa'),
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_SCOPE: optionalString.transform((value) => value ?? 'openid profile'),
  /** Browser /authorize URL of OIDC_ISSUER when it is not `${OIDC_ISSUER}/authorize`. */
  OIDC_AUTHORIZE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Issuer URL of the bundled provider; default: this server's loopback address + /oidc. */
  OIDC_EMBEDDED_ISSUER: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Comma-separated PWA origins the bundled provider may redirect to (default: loopback origins). */
  OIDC_REDIRECT_ORIGINS: optionalString,
  /** Comma-separated cookie signing keys and a JWKS (JSON) of the bundled provider; else generated. */
  OIDC_COOKIE_KEYS: optionalString,
  OIDC_JWKS: optionalString,
  /** Timeout of each call to the identity provider (SPEC 9 "timeout constant 5000"). */
  OIDC_TIMEOUT_MS: emptyAsUnset(z.coerce.number().int().min(50).max(60_000).default(5000)),
  /**
   * Driver sign-in (docs/decisions/761): the claim of the ID token or userinfo that names the
   * account's role (a string or a list of strings), and the value that makes it a driver.
   */
  OIDC_DRIVER_ROLE_CLAIM: optionalString.transform((value) => value ?? 'role'),
  OIDC_DRIVER_ROLE: optionalString.transform((value) => value ?? 'driver'),
  /**
   * Dispatcher sign-in (docs/decisions/762): the claim that names the account's role, and the value
   * that makes it a dispatcher of the console.
   */
  OIDC_DISPATCHER_ROLE_CLAIM: optionalString.transform((value) => value ?? 'role'),
  OIDC_DISPATCHER_ROLE: optionalString.transform((value) => value ?? 'dispatcher'),
};

/** OIDC_* variables: `issuer` set means a production provider, otherwise the bundled one. */
export interface IdentityConfig {
  issuer: string | undefined;
  clientId: string;
  clientSecret: string | undefined;
  scope: string;
  authorizeUrl: string | undefined;
  embeddedIssuer: string | undefined;
  /** Empty: the loopback origins of the port the server listens on. */
  redirectOrigins: string[];
  cookieKeys: string[] | undefined;
  jwks: string | undefined;
  timeoutMs: number;
  /** The claim naming the account's role, and the role of drivers (docs/decisions/761). */
  driverRoleClaim: string;
  driverRole: string;
  /** The claim naming the account's role, and the role of dispatchers (docs/decisions/762). */
  dispatcherRoleClaim: string;
  dispatcherRole: string;
}

export function identityConfig(e: EnvValues<typeof IDENTITY_ENV>): IdentityConfig {
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    scope: e.OIDC_SCOPE,
    authorizeUrl: e.OIDC_AUTHORIZE_URL,
    embeddedIssuer: e.OIDC_EMBEDDED_ISSUER,
    redirectOrigins: commaList(e.OIDC_REDIRECT_ORIGINS),
    cookieKeys: e.OIDC_COOKIE_KEYS ? commaList(e.OIDC_COOKIE_KEYS) : undefined,
    jwks: e.OIDC_JWKS,
    timeoutMs: e.OIDC_TIMEOUT_MS,
    driverRoleClaim: e.OIDC_DRIVER_ROLE_CLAIM,
    driverRole: e.OIDC_DRIVER_ROLE,
    dispatcherRoleClaim: e.OIDC_DISPATCHER_ROLE_CLAIM,
    dispatcherRole: e.OIDC_DISPATCHER_ROLE,
  };
}
