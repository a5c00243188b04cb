import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { ServiceChanges } from '../../lib/service-changes.ts';
import { toService } from './wire-shape.ts';
import { authorizeService, bearerTokenOf, hashServiceToken } from '../service-tokens.ts';

// Decision 480: GET /services/{id} is the hot read (the PWA polls it every 18 s and on every
// screen; ARCHITECTURE budget: within 2x of a bare node:http server). Each process keeps the
// serialized view of recently read services. An entry is dropped when the service's event
// notification arrives (every change appends an event, from any replica), skipped while a change
// of this process is in flight, and never older than the TTL, which bounds staleness should a
// notification be lost while the LISTEN connection reconnects. It holds no state a second replica
// needs: a miss reads the database.

/** The JSON body of GET /services/{id} with its entity tag. */
export interface ServiceView {
  body: string;
  etag: string;
}

interface Entry extends ServiceView {
  tokenHash: Buffer;
  expiresAt: number;
}

export interface ServiceReadCacheOptions {
  changes: ServiceChanges;
  /** Whether notifications are arriving (the event bus LISTENs); no caching without them. */
  notified: () => boolean;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export interface ServiceReadCache {
  /** The view for the holder of the service's bearer token; 401/403 exactly as authorizeService. */
  read(
    repos: Pick<Repositories, 'services'>,
    authorization: string | undefined,
    serviceId: string,
  ): Promise<ServiceView>;
  /** The service changed: drop its view (called for each event notification). */
  evict(serviceId: string): void;
  size(): number;
}

export function createServiceReadCache(options: ServiceReadCacheOptions): ServiceReadCache {
  const { changes, notified } = options;
  const ttlMs = options.ttlMs ?? 2_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  const fresh = (serviceId: string): Entry | undefined => {
    const entry = entries.get(serviceId);
    if (!entry) return undefined;
    if (entry.expiresAt > now() && !changes.inFlight(serviceId)) return entry;
    entries.delete(serviceId);
    return undefined;
  };

  const store = (serviceId: string, entry: Entry): void => {
    entries.delete(serviceId);
    if (entries.size >= maxEntries) {
      // Maps iterate in insertion order: the first key is the least recently stored.
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(serviceId, entry);
  };

  return {
    async read(repos, authorization, serviceId) {
      const token = bearerTokenOf(authorization);
      const cached = fresh(serviceId);
      if (cached && token) {
        const given = Buffer.from(hashServiceToken(token), 'hex');
        if (timingSafeEqual(given, cached.tokenHash)) return cached;
      }
      // A miss, or a token the entry does not know (wrong, or replaced since): ask the database.
      const generation = changes.generation();
      await authorizeService(repos, authorization, serviceId);
      const record = await repos.services.findById(serviceId);
      // Authorised a moment ago; gone only if deleted in between.
      if (!record)
        throw new AppError('FORBIDDEN', 'This token does not give access to that service');
      const body = JSON.stringify(toService(record));
      const view: Entry = {
        body,
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
        tokenHash: Buffer.from(record.service.tokenHash, 'hex'),
        expiresAt: now() + ttlMs,
      };
      if (notified() && changes.generation() === generation && !changes.inFlight(serviceId)) {
        store(serviceId, view);
      }
      return view;
    },
    evict(serviceId) {
      entries.delete(serviceId);
    },
    size: () => entries.size,
  };
}
