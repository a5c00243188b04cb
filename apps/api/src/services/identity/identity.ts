import type { AddressInfo } from 'node:net';
import {
  SIGN_IN_CALLBACK_PATHS,
  type SignInRuntimeConfig,
  type SignInUserInfo,
  type TokenExchangeRequest,
} from '@auxilio/domain';
import type Provider from 'oidc-provider';
import type { Config, IdentityConfig } from '../../config/env.ts';
import { onFirstUse } from '../../lib/on-first-use.ts';
import { AUTHORIZE_ROUTE, createEmbeddedProvider, OIDC_MOUNT_PATH } from './embedded-provider.ts';
import { loadProviderKeys } from './provider-keys.ts';
import { createRelyingParty, type RelyingParty, type VerifiedClaims } from './token-exchange.ts';

// ARCHITECTURE decision 7 for the member sign-in: the bundled provider by default (no network, no
// keys to configure), any OpenID Connect provider with OIDC_ISSUER (docs/decisions/460).

export interface Identity {
  /** True when the bundled provider is served under /oidc. */
  readonly embedded: boolean;
  /** The bundled provider, created on first use with the address the server listens on. */
  embeddedProvider(): Promise<Provider>;
  exchangeCodeForUserInfo(request: TokenExchangeRequest): Promise<SignInUserInfo>;
  /** Any account's verified claims (driver sign-in, docs/decisions/761). */
  exchangeCodeForClaims(request: TokenExchangeRequest): Promise<VerifiedClaims>;
  /** The client id the apps send to the provider. */
  readonly clientId: string;
}

/** What `server.address()` answers: null before listening. */
export type ListeningAddress = () => AddressInfo | string | null;

function boundPort(address: ReturnType<ListeningAddress>, fallback: number): number {
  return typeof address === 'object' && address ? address.port : fallback;
}

/** This server seen from itself: the loopback address it listens on (IPv6 only when bound so). */
function selfOrigin(address: ReturnType<ListeningAddress>, fallbackPort: number): string {
  const port = boundPort(address, fallbackPort);
  const ipv6Only = typeof address === 'object' && address?.address === '::1';
  return `http://${ipv6Only ? '[::1]' : '127.0.0.1'}:${port}`;
}

/** Where the bundled provider returns drivers to the driver app (docs/decisions/761). */
export const DRIVER_CALLBACK_PATH = '/driver/callback';

/** Where the bundled provider returns dispatchers to the console (docs/decisions/762). */
export const DISPATCHER_CALLBACK_PATH = '/dispatcher/callback';

/**
 * The PWA's callback URLs on every origin it may be opened from (docs/decisions/460), the driver
 * app's and the dispatcher console's among them: one public client serves all three
 * (docs/decisions/761, 762).
 */
export function embeddedRedirectUris(config: Config, port: number, issuer: string): string[] {
  const origins = config.identity.redirectOrigins.length
    ? config.identity.redirectOrigins
    : [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`];
  const all = new Set([
    ...origins.map((origin) => origin.replace(/\/+$/, '')),
    new URL(issuer).origin,
  ]);
  const paths = [...SIGN_IN_CALLBACK_PATHS, DRIVER_CALLBACK_PATH, DISPATCHER_CALLBACK_PATH];
  return [...all].flatMap((origin) => paths.map((path) => `${origin}${path}`));
}

/** The `/app-config.json` `signIn` block: what the PWA needs to start the sign-in. */
export function signInBrowserSettings(identity: IdentityConfig): SignInRuntimeConfig {
  const external = identity.issuer;
  return {
    // Same origin as the PWA for the bundled provider, so any host the app is opened on works.
    authorizeUrl: external
      ? (identity.authorizeUrl ?? `${external.replace(/\/+$/, '')}${AUTHORIZE_ROUTE}`)
      : `${OIDC_MOUNT_PATH}${AUTHORIZE_ROUTE}`,
    clientId: identity.clientId,
    scope: identity.scope,
  };
}

export function createIdentity(config: Config, listening: ListeningAddress): Identity {
  const { identity } = config;
  const external = identity.issuer;
  const embeddedIssuer = () =>
    identity.embeddedIssuer ?? `${selfOrigin(listening(), config.port)}${OIDC_MOUNT_PATH}`;
  const embeddedProvider = onFirstUse(async () => {
    if (external) throw new Error('The bundled identity provider is off: OIDC_ISSUER is set');
    const issuer = embeddedIssuer();
    return createEmbeddedProvider({
      issuer,
      clientId: identity.clientId,
      redirectUris: embeddedRedirectUris(config, boundPort(listening(), config.port), issuer),
      keys: await loadProviderKeys(identity, config.dataDir),
      trustProxy: config.trustProxy,
      driverRoleClaim: identity.driverRoleClaim,
      driverRole: identity.driverRole,
      dispatcherRoleClaim: identity.dispatcherRoleClaim,
      dispatcherRole: identity.dispatcherRole,
    });
  });
  const relyingParty = onFirstUse<RelyingParty>(async () => {
    const issuer = external ?? (await embeddedProvider()).issuer;
    return createRelyingParty({
      issuer,
      clientId: identity.clientId,
      clientSecret: identity.clientSecret,
      timeoutMs: identity.timeoutMs,
    });
  });
  return {
    embedded: !external,
    embeddedProvider,
    exchangeCodeForUserInfo: async (request) =>
      (await relyingParty()).exchangeCodeForUserInfo(request),
    exchangeCodeForClaims: async (request) => (await relyingParty()).exchangeCodeForClaims(request),
    clientId: identity.clientId,
  };
}
