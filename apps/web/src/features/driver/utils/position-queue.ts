import { z } from 'zod/mini';
import { ApiRequestError } from '../../../lib/api-client.ts';
import type { DriverPositionFix, DriverPositionsAnswer } from '@auxilio/domain';

// The driver's fixes on their way to POST /driver-app/positions (docs/decisions/761): kept in
// memory and in localStorage until the server took them, sent oldest first in batches of at most
// 100 (the endpoint's limit), so a weak signal or a reload loses nothing. The server ignores a fix
// not newer than the last one it has, so a batch sent twice does no harm. Each driver has their own
// queue: on a shared phone, one driver's fixes are never sent as another's.

/** Where one driver's unsent fixes are kept. */
export function positionQueueKey(driverId: string): string {
  return `auxilio:driver-positions:${driverId}`;
}
/** The endpoint takes 1 to 100 fixes per call. */
export const POSITION_BATCH_SIZE = 100;
/** An hour of fixes at one per 5 s; older ones are dropped first when the phone stays offline. */
export const POSITION_QUEUE_LIMIT = 720;

/** A fix is kept when this long has passed since the last kept one... */
export const MIN_FIX_INTERVAL_MS = 5000;
/** ...or the phone moved this far (and a second passed). */
export const MIN_FIX_DISTANCE_M = 25;

export type SendPositions = (
  positions: readonly DriverPositionFix[],
) => Promise<DriverPositionsAnswer>;

const StoredFixSchema = z.object({
  lat: z.number().check(z.gte(-90), z.lte(90)),
  lng: z.number().check(z.gte(-180), z.lte(180)),
  heading: z.optional(z.number()),
  accuracy: z.optional(z.number()),
  at: z.iso.datetime(),
});

/** The kept fixes that still read as fixes (storage is the phone's, anything may be there). */
function readStored(storage: Storage | undefined, key: string): DriverPositionFix[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.flatMap((item) => {
      const fix = StoredFixSchema.safeParse(item);
      return fix.success ? [fix.data] : [];
    });
  } catch {
    return [];
  }
}

/** What to do after a batch failed: try again later, or drop a batch the server refused. */
function afterFailure(error: unknown): 'retry-later' | 'drop-batch' | 'stop' {
  if (!(error instanceof ApiRequestError)) return 'retry-later';
  // The session is over: the app signs the driver out; nothing more can be sent.
  if (error.status === 401) return 'stop';
  // Refused as it is (a bad fix, another driver's service): sending it again cannot help, and it
  // must not hold back the fixes behind it. Rate limits and timeouts are worth retrying.
  if (error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429)
    return 'drop-batch';
  return 'retry-later';
}

/** Metres between two points (haversine). */
export function distanceMeters(a: DriverPositionFix, b: DriverPositionFix): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** True when `next` is worth sending after `last` (one fix per 5 s, or sooner after 25 m). */
export function isFixWorthKeeping(
  last: DriverPositionFix | null,
  next: DriverPositionFix,
): boolean {
  if (!last) return true;
  const elapsed = Date.parse(next.at) - Date.parse(last.at);
  if (elapsed >= MIN_FIX_INTERVAL_MS) return true;
  return elapsed >= 1000 && distanceMeters(last, next) >= MIN_FIX_DISTANCE_M;
}

export class PositionQueue {
  private fixes: DriverPositionFix[];
  private lastKept: DriverPositionFix | null = null;
  private sending: Promise<DriverPositionsAnswer | null> | null = null;

  constructor(
    private readonly send: SendPositions,
    private readonly key: string,
    private readonly storage?: Storage,
  ) {
    this.fixes = readStored(storage, key);
  }

  /** Fixes waiting to be sent, oldest first. */
  get pending(): readonly DriverPositionFix[] {
    return this.fixes;
  }

  /** Queues a fix unless it comes too soon after the last one; answers whether it was kept. */
  add(fix: DriverPositionFix): boolean {
    if (!isFixWorthKeeping(this.lastKept, fix)) return false;
    this.lastKept = fix;
    this.fixes.push(fix);
    if (this.fixes.length > POSITION_QUEUE_LIMIT)
      this.fixes.splice(0, this.fixes.length - POSITION_QUEUE_LIMIT);
    this.persist();
    return true;
  }

  /**
   * Sends what is queued, batch after batch, until the queue is empty or a send fails (the fixes
   * then stay for the next try; a batch the server refused as it is, is dropped). One flush at a time; the last answer, or null when nothing was
   * sent.
   */
  flush(): Promise<DriverPositionsAnswer | null> {
    this.sending ??= this.sendAll().finally(() => {
      this.sending = null;
    });
    return this.sending;
  }

  private async sendAll(): Promise<DriverPositionsAnswer | null> {
    let answer: DriverPositionsAnswer | null = null;
    while (this.fixes.length > 0) {
      const batch = this.fixes.slice(0, POSITION_BATCH_SIZE);
      try {
        answer = await this.send(batch);
      } catch (error) {
        const next = afterFailure(error);
        if (next !== 'drop-batch') return answer;
      }
      // Fixes queued while the batch was on its way stay.
      this.fixes = this.fixes.slice(batch.length);
      this.persist();
    }
    return answer;
  }

  private persist(): void {
    try {
      if (this.fixes.length === 0) this.storage?.removeItem(this.key);
      else this.storage?.setItem(this.key, JSON.stringify(this.fixes));
    } catch {
      // A full storage keeps the fixes in memory only.
    }
  }
}
