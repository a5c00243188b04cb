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
// before. Storing a view first drops the expired ones, tokens with them; on a process that stores
// none for a while, expired entries (10,000 at most) wait for the next store or read.

/** The JSON body of GET /services/{id} with its entity tag. */
export interface ServiceView {
  body: string;
  etag: string;
}

/** A database read of a service under way, shared by the requests that carry the same token. */
interface Loading {
  token: Buffer;
  generation: number;
  view: Promise<ServiceView>;
}

/** Whether two tokens are the same bytes (constant time once their lengths match). */
function sameToken(given: Buffer, kept: Buffer): boolean {
  return given.length === kept.length && timingSafeEqual(given, kept);
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
  /** The database read under way of each service: its token, and the changes it has seen. */
  const loading = new Map<string, Loading>();

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
    return entry && token && sameToken(Buffer.from(token), entry.token) ? entry : undefined;
  };

  /**
   * The read under way that answers this request as its own read would: the same token, and no
   * change of the service notified or under way since it began. Anyone else reads for themselves,
   * so a request with another token (wrong, or of another holder) never holds this one up.
   */
  const sharedRead = (token: string, serviceId: string): Promise<ServiceView> | undefined => {
    const pending = loading.get(serviceId);
    if (!pending || pending.generation !== changes.generation() || changes.inFlight(serviceId)) {
      return undefined;
    }
    return sameToken(Buffer.from(token), pending.token) ? pending.view : undefined;
  };

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
      // When a view expires, every phone polling it misses at once: one reads the database and
      // the others holding the same token take its answer (or its refusal).
      const token = bearerTokenOf(authorization);
      const shared = token ? sharedRead(token, serviceId) : undefined;
      if (shared) return shared;
      const view = load(repos, authorization, serviceId);
      if (token) {
        const pending = { token: Buffer.from(token), generation: changes.generation(), view };
        loading.set(serviceId, pending);
        view
          .finally(() => {
            if (loading.get(serviceId) === pending) loading.delete(serviceId);
          })
          .catch(() => undefined);
      }
      return view;
    },
    evict(serviceId) {
      entries.delete(serviceId);
    },
    size: () => entries.size,
  };
}
