import { readTrackingCookie, type Service } from '@auxilio/domain';
import type { Repositories } from '../repositories/index.ts';
import type { ServiceReadCache } from './service-requests/read-cache.ts';

// The service the /tracking page paints first (docs/decisions/752): the one the phone's tracking
// cookie names, opened by its token exactly as GET /services/{id} opens it. Anything short of that
// (no cookie, a wrong or old token, a slow or absent database) paints the page without it: the
// app then reads the service itself, as it always could.

/** How long the page waits for the service before it is written without it. */
export const PAGE_SERVICE_WAIT_MS = 250;

export interface PageService {
  /** The JSON of GET /services/{id}. */
  body: string;
  service: Service;
}

export async function pageServiceOf(
  reads: { cache: ServiceReadCache; repos: Repositories },
  cookieHeader: string | undefined,
  waitMs: number = PAGE_SERVICE_WAIT_MS,
): Promise<PageService | undefined> {
  const cookie = readTrackingCookie(cookieHeader);
  if (!cookie) return undefined;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      resolve(undefined);
    }, waitMs);
  });
  const read = reads.cache
    .read(reads.repos, `Bearer ${cookie.token}`, cookie.serviceId)
    .then((view) => ({ body: view.body, service: JSON.parse(view.body) as Service }))
    .catch(() => undefined);
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}
