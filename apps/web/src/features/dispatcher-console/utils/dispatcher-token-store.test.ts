import { afterEach, describe, expect, it } from 'vitest';
import { dispatcherSession, keepSession } from '../test/console-fixtures.ts';
import { DISPATCHER_SESSION_KEY, readDispatcherSession } from './dispatcher-token-store.ts';

afterEach(() => {
  localStorage.clear();
});

describe('the dispatcher session kept in this browser', () => {
  it('is read back while it lasts', () => {
    keepSession();
    expect(readDispatcherSession(localStorage)?.token).toBe('dispatcher-token');
  });

  it('is dropped once expiresAt has passed', () => {
    keepSession(dispatcherSession({ expiresAt: '2020-01-01T00:00:00.000Z' }));
    expect(readDispatcherSession(localStorage)).toBeNull();
    expect(localStorage.getItem(DISPATCHER_SESSION_KEY)).toBeNull();
  });
});
