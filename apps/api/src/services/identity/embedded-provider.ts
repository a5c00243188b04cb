import type Provider from 'oidc-provider';
import type { Configuration } from 'oidc-provider';
import { findDemoDispatcherById } from './demo-dispatchers.ts';
import { findDemoDriverById } from './demo-drivers.ts';
import { findDemoMemberById } from './demo-members.ts';
import type { ProviderKeys } from './provider-keys.ts';

// The bundled development identity provider (ARCHITECTURE decision 7 "member sign-in": bundled dev
// identity provider with demo members; docs/decisions/460). Authorization code with PKCE S256 only
// (SPEC 7 "code_challenge_method S256"), one public client for the PWA, and the custom claims of
// SPEC 3 "Sign-in user info: firstname, lastname, cardnumber" under the `profile` scope. Drivers
// (docs/decisions/761) get `name`, `email` and the driver role claim under the same scope, and
// the console's dispatchers (docs/decisions/762) the same with the dispatcher role claim.

/** Where the provider is mounted; its issuer URL ends with this path. */
export const OIDC_MOUNT_PATH = '/oidc';

/** SPEC 7 "a browser redirect to the identity provider's /authorize". */
export const AUTHORIZE_ROUTE = '/authorize';

/** The member claims released with the `profile` scope. */
export const MEMBER_CLAIMS = ['firstname', 'lastname', 'cardnumber'] as const;

export interface EmbeddedProviderOptions {
  issuer: string;
  clientId: string;
  redirectUris: string[];
  keys: ProviderKeys;
  /** Trust X-Forwarded-* (the server's TRUST_PROXY). */
  trustProxy: boolean;
  /** The claim that carries a driver's role, and its value (OIDC_DRIVER_ROLE_CLAIM, OIDC_DRIVER_ROLE). */
  driverRoleClaim: string;
  driverRole: string;
  /** The same for a dispatcher (OIDC_DISPATCHER_ROLE_CLAIM, OIDC_DISPATCHER_ROLE). */
  dispatcherRoleClaim: string;
  dispatcherRole: string;
}

/** The account of a `sub`: a demo member, a seeded driver or a seeded dispatcher. */
function findAccount(options: EmbeddedProviderOptions, sub: string) {
  const member = findDemoMemberById(sub);
  if (member) {
    return {
      accountId: member.id,
      claims: () => ({
        sub: member.id,
        firstname: member.firstname,
        lastname: member.lastname,
        cardnumber: member.cardnumber,
      }),
    };
  }
  const driver = findDemoDriverById(sub);
  if (driver) {
    return {
      accountId: driver.id,
      claims: () => ({
        sub: driver.id,
        name: driver.name,
        email: driver.email,
        [options.driverRoleClaim]: options.driverRole,
      }),
    };
  }
  const dispatcher = findDemoDispatcherById(sub);
  if (!dispatcher) return undefined;
  return {
    accountId: dispatcher.id,
    claims: () => ({
      sub: dispatcher.id,
      name: dispatcher.name,
      email: dispatcher.email,
      [options.dispatcherRoleClaim]: options.dispatcherRole,
    }),
  };
}

export function interactionPath(uid: string): string {
  return `${OIDC_MOUNT_PATH}/interaction/${uid}`;
}

/** Loads oidc-provider only when the bundled provider is used (never with OIDC_ISSUER). */
export async function createEmbeddedProvider(options: EmbeddedProviderOptions): Promise<Provider> {
  const { default: OidcProvider } = await import('oidc-provider');
  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        // A public client: the PWA cannot keep a secret, PKCE proves the code's owner.
        token_endpoint_auth_method: 'none',
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    routes: { authorization: AUTHORIZE_ROUTE },
    scopes: ['openid', 'profile'],
    claims: {
      openid: ['sub'],
      profile: [
        ...new Set([
          ...MEMBER_CLAIMS,
          'name',
          'email',
          options.driverRoleClaim,
          options.dispatcherRoleClaim,
        ]),
      ],
    },
    findAccount: (_ctx, sub) => findAccount(options, sub),
    interactions: { url: (_ctx, interaction) => interactionPath(interaction.uid) },
    features: { devInteractions: { enabled: false } },
    // Seconds. A code lives one minute (RFC 6749 4.1.2 "a maximum lifetime of 10 minutes").
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      Interaction: 600,
      Grant: 3600,
      Session: 3600,
    },
    cookies: { keys: options.keys.cookieKeys },
    jwks: options.keys.jwks,
  };
  const provider = new OidcProvider(options.issuer, configuration);
  provider.proxy = options.trustProxy;
  return provider;
}
