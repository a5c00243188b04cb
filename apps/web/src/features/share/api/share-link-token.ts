import { ShareLinkResponseSchema, type ShareLinkResponse } from '@auxilio/domain';
import type { ApiClient } from '../../../lib/api-client.ts';

// Decisions 474 and 475: `POST /api/v1/services/{id}/share` (the service's bearer token) mints the
// link token. Minting again replaces the earlier token, so every link shared before would stop
// working: the phone keeps the minted token (localStorage, like the service token) and reuses it
// until it expires.

const storageKey = (serviceId: string) => `auxilio:share-link:${serviceId}`;

function readKept(serviceId: string, now: Date): ShareLinkResponse | null {
  try {
    const raw = localStorage.getItem(storageKey(serviceId));
    if (!raw) return null;
    const kept = ShareLinkResponseSchema.safeParse(JSON.parse(raw));
    if (!kept.success) return null;
    const expired =
      kept.data.expiresAt !== null && Date.parse(kept.data.expiresAt) <= now.getTime();
    return expired ? null : kept.data;
  } catch {
    return null;
  }
}

function keep(serviceId: string, link: ShareLinkResponse): void {
  try {
    localStorage.setItem(storageKey(serviceId), JSON.stringify(link));
  } catch {
    // Storage full or disabled: the next share mints again (the earlier link then stops working).
  }
}

/** The link token of `serviceId`: the one kept on this phone, else a newly minted one. */
export async function shareLinkToken(
  api: ApiClient,
  input: { serviceId: string; serviceToken: string | null },
  now: Date = new Date(),
): Promise<string> {
  const kept = readKept(input.serviceId, now);
  if (kept) return kept.shareToken;
  const minted = await api.post(
    `/api/v1/services/${encodeURIComponent(input.serviceId)}/share`,
    undefined,
    ShareLinkResponseSchema,
    { token: input.serviceToken },
  );
  keep(input.serviceId, minted);
  return minted.shareToken;
}
