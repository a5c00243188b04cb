import { describe, expect, it } from 'vitest';
import { onFirstUse } from './on-first-use.js';

describe('onFirstUse', () => {
  it('loads once for calls made while it loads and after', async () => {
    let loads = 0;
    const load = onFirstUse(() => {
      loads += 1;
      return Promise.resolve({ loaded: loads });
    });
    const [first, second] = await Promise.all([load(), load()]);
    const third = await load();
    expect(loads).toBe(1);
    expect(second).toBe(first);
    expect(third).toBe(first);
  });

  it('tries again after a failed load instead of keeping the failure', async () => {
    let attempts = 0;
    const load = onFirstUse(() => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(new Error('not there yet'))
        : Promise.resolve('loaded');
    });
    await expect(load()).rejects.toThrow('not there yet');
    await expect(load()).resolves.toBe('loaded');
    expect(attempts).toBe(2);
  });
});
