import { createHash } from 'node:crypto';

// Deterministic randomness for the demo seed: the same label always yields the same numbers, so the
// seed writes identical rows on every machine and every run (idempotent seeding).

/** sha-256 hex of a text. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A stable 24-hex id (the legacy object-id shape) for a list of parts. */
export function stableId(...parts: readonly (string | number)[]): string {
  return sha256Hex(parts.join(':')).slice(0, 24);
}

/** A small seeded pseudo-random generator (mulberry32) with the helpers the seed needs. */
export class SeededRandom {
  #state: number;

  constructor(label: string) {
    this.#state = Number.parseInt(sha256Hex(label).slice(0, 8), 16) >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** A string of `length` characters drawn from `alphabet`. */
  chars(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i += 1)
      out += alphabet.charAt(Math.floor(this.next() * alphabet.length));
    return out;
  }

  /** `length` decimal digits (leading zeros allowed). */
  digits(length: number): string {
    return this.chars('0123456789', length);
  }
}
