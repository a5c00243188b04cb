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
//
// A hit costs no hashing: the entry keeps the bearer token the database accepted for it, and a
// read opens the entry only with those same bytes (compared in constant time). Any other token
// goes to the database as on a miss, so a wrong or replaced token is refused there exactly as
// before. Those tokens stay in memory no longer than their views are fresh: storing a view first
// drops the expired ones.

/** The JSON body of GET /services/{id} with its entity tag. */
export interface ServiceView {
  body: string;
  etag: string;
}

interface Entry extends ServiceView {
  /** The bearer token the database accepted for this view (its hash is the service's). */
  token: Buffer;
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
  /**
   * The cached view, without waiting, when it is fresh and the bearer token of `authorization`
   * opens it; otherwise undefined, and read() decides (the database, 401 or 403).
   */
  cached(authorization: string | undefined, serviceId: string): ServiceView | undefined;
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
  /** The database read of each service whose view is being made (one at a time per service). */
  const loading = new Map<string, Promise<unknown>>();

  const fresh = (serviceId: string): Entry | undefined => {
    const entry = entries.get(serviceId);
    if (!entry) return undefined;
    if (entry.expiresAt > now() && !changes.inFlight(serviceId)) return entry;
    entries.delete(serviceId);
    return undefined;
  };

  const store = (serviceId: string, entry: Entry): void => {
    entries.delete(serviceId);
    // Maps iterate in insertion order, which is expiry order (one TTL): the expired come first.
    const time = now();
    for (const [id, stored] of entries) {
      if (stored.expiresAt > time) break;
      entries.delete(id);
    }
    if (entries.size >= maxEntries) {
      // Maps iterate in insertion order: the first key is the least recently stored.
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(serviceId, entry);
  };

  const cached = (authorization: string | undefined, serviceId: string): Entry | undefined => {
    const entry = fresh(serviceId);
    const token = entry && bearerTokenOf(authorization);
    if (!entry || !token) return undefined;
    const given = Buffer.from(token);
    return given.length === entry.token.length && timingSafeEqual(given, entry.token)
      ? entry
      : undefined;
  };

  /** The read of the service to wait for, if any, while its view can be stored (not otherwise). */
  const awaited = (serviceId: string): Promise<unknown> | undefined =>
    notified() && !changes.inFlight(serviceId) ? loading.get(serviceId) : undefined;

  const load = async (
    repos: Pick<Repositories, 'services'>,
    authorization: string | undefined,
    serviceId: string,
  ): Promise<ServiceView> => {
    const generation = changes.generation();
    await authorizeService(repos, authorization, serviceId);
    const record = await repos.services.findById(serviceId);
    // Authorised a moment ago; gone only if deleted in between.
    if (!record) throw new AppError('FORBIDDEN', 'This token does not give access to that service');
    const body = JSON.stringify(toService(record));
    const view: ServiceView = {
      body,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    };
    // authorizeService accepted the token; it is kept only if it still opens the record read
    // after it (a token replaced in between is not remembered with the new state).
    const token = bearerTokenOf(authorization) ?? '';
    const opens = hashServiceToken(token) === record.service.tokenHash;
    if (
      opens &&
      notified() &&
      changes.generation() === generation &&
      !changes.inFlight(serviceId)
    ) {
      store(serviceId, { ...view, token: Buffer.from(token), expiresAt: now() + ttlMs });
    }
    return view;
  };

  return {
    cached,
    async read(repos, authorization, serviceId) {
      const hit = cached(authorization, serviceId);
      if (hit) return hit;
      // When a view expires, every phone polling it misses at once: one reads the database, the
      // others wait for it and then open the new view with their own token. If that read made no
      // view (its token was refused, or the service changed meanwhile), the next one reads.
      for (let pending = awaited(serviceId); pending; pending = awaited(serviceId)) {
        await pending.catch(() => undefined);
        const after = cached(authorization, serviceId);
        if (after) return after;
      }
      // A miss, or a token the entry does not know (wrong, or replaced since): ask the database.
      const started = load(repos, authorization, serviceId);
      if (!loading.has(serviceId)) {
        loading.set(serviceId, started);
        started
          .finally(() => {
            if (loading.get(serviceId) === started) loading.delete(serviceId);
          })
          .catch(() => undefined);
      }
      return started;
    },
    evict(serviceId) {
      entries.delete(serviceId);
    },
    size: () => entries.size,
  };
}
