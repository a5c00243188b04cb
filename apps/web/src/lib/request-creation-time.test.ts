import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestCreationTime } from './request-creation-time.ts';

// Decision 200: a retry of one request (same serviceId) sends the first attempt's creation time.

const FIRST = new Date('2026-11-29T14:00:00.000Z');
const LATER = new Date('2026-11-29T14:00:40.000Z');

afterEach(() => {
  localStorage.clear();
  vi.resetModules();
});

describe('requestCreationTime', () => {
  it("gives a retry the first attempt's time, also after a reload, and a new request its own", async () => {
    expect(requestCreationTime('svc-1', FIRST)).toEqual(FIRST);
    expect(requestCreationTime('svc-1', LATER)).toEqual(FIRST);
    // A reload: the module starts again; the time kept in localStorage is still there.
    vi.resetModules();
    const reloaded = await import('./request-creation-time.ts');
    expect(reloaded.requestCreationTime('svc-1', LATER)).toEqual(FIRST);
    expect(reloaded.requestCreationTime('svc-2', LATER)).toEqual(LATER);
  });

  it('where the browser refuses storage, the page keeps the time for its retries', () => {
    expect(requestCreationTime('svc-3', FIRST, null)).toEqual(FIRST);
    expect(requestCreationTime('svc-3', LATER, null)).toEqual(FIRST);
    expect(requestCreationTime('svc-4', LATER, null)).toEqual(LATER);
  });

  it('where reading localStorage itself throws, answers instead of failing the request', async () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    vi.resetModules();
    const refused = await import('./request-creation-time.ts');
    expect(refused.requestCreationTime('svc-5', FIRST)).toEqual(FIRST);
    expect(refused.requestCreationTime('svc-5', LATER)).toEqual(FIRST);
    vi.restoreAllMocks();
  });
});
