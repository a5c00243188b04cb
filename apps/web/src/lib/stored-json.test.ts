import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { readStoredJson } from './stored-json.ts';

const KEY = 'auxilio:test-value';
const ValueSchema = z.object({ token: z.string().check(z.minLength(1)) });

afterEach(() => {
  localStorage.clear();
});

describe('readStoredJson', () => {
  it('answers the stored value when it fits the schema', () => {
    localStorage.setItem(KEY, JSON.stringify({ token: 't-1' }));
    expect(readStoredJson(localStorage, KEY, ValueSchema)).toEqual({ token: 't-1' });
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{token'],
    ['a value that no longer fits', JSON.stringify({ token: '' })],
    ['another shape', JSON.stringify(['t-1'])],
  ])('answers null for %s', (_case, raw) => {
    if (raw !== null) localStorage.setItem(KEY, raw);
    expect(readStoredJson(localStorage, KEY, ValueSchema)).toBeNull();
  });

  it('answers null when the storage itself refuses to be read', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    } as unknown as Storage;
    expect(readStoredJson(blocked, KEY, ValueSchema)).toBeNull();
  });
});
