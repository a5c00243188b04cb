import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight.ts';

describe('singleFlight', () => {
  it('runs one load for concurrent calls with the same key, and a new one afterwards', async () => {
    let loads = 0;
    const read = singleFlight(
      (id: string) => id,
      async (id: string) => {
        loads += 1;
        const load = loads;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return `${id}#${load}`;
      },
    );
    const together = await Promise.all([read('a'), read('a'), read('a'), read('b')]);
    expect(together).toEqual(['a#1', 'a#1', 'a#1', 'b#2']);
    expect(await read('a')).toBe('a#3');
  });

  it('shares a failure with the calls that waited on it, then tries again', async () => {
    let attempt = 0;
    const read = singleFlight(
      () => 'k',
      () => {
        attempt += 1;
        return attempt === 1 ? Promise.reject(new Error('database down')) : Promise.resolve('ok');
      },
    );
    const first = await Promise.allSettled([read(), read()]);
    expect(first.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await read()).toBe('ok');
  });
});
