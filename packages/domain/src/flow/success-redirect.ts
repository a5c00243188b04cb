import type { Integration } from '../contract/accounts.ts';

// Decision 630: a partner's success-redirect link sends the customer out of the app, so it must go
// where the account's integration says it may, over https, and nowhere else. One rule, used by the
// API before it hands an integration out and by the PWA again before it navigates.

/** The origin (`https://host[:port]`) of an allowed-list entry, or null when it is not https. */
function httpsOrigin(entry: string): string | null {
  if (!URL.canParse(entry)) return null;
  const url = new URL(entry);
  return url.protocol === 'https:' ? url.origin : null;
}

/**
 * True when `url` is an https URL without credentials whose origin is on `allowedOrigins` (each
 * entry an https origin; paths in an entry are ignored, other schemes never match). SPEC 4 "the
 * integration's success redirect URL"; decision 630.
 */
export function isAllowedRedirectUrl(url: string, allowedOrigins: readonly string[]): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '')
    return false;
  return allowedOrigins.some((entry) => httpsOrigin(entry) === parsed.origin);
}

/** The integration's success-redirect URL when it passes the rule; null otherwise. */
export function allowedSuccessRedirect(integration: Integration): string | null {
  const { successRedirectUrl, allowedRedirectOrigins } = integration.config;
  if (successRedirectUrl === null) return null;
  return isAllowedRedirectUrl(successRedirectUrl, allowedRedirectOrigins)
    ? successRedirectUrl
    : null;
}

/** The integration as it may be handed out: a redirect that fails the rule is dropped (null). */
export function withAllowedRedirect<I extends Integration>(integration: I): I {
  return {
    ...integration,
    config: { ...integration.config, successRedirectUrl: allowedSuccessRedirect(integration) },
  };
}
