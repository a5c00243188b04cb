import { describe, expect, it } from 'vitest';
import type { Query } from '@tanstack/react-query';
import { offlineView, screenData, type OfflineFacts } from './offline-view.ts';

// Decision 730: offline, the no-connection screen only where nothing can be shown; a screen that
// holds what it last knew keeps it under the offline banner.

const facts = (overrides: Partial<OfflineFacts>): OfflineFacts => ({
  online: false,
  shownOnline: false,
  missingData: false,
  codeFailedOffline: false,
  ...overrides,
});

describe('offlineView', () => {
  it('online: the screen, whatever its data', () => {
    expect(offlineView(facts({ online: true }))).toBe('screen');
    expect(offlineView(facts({ online: true, missingData: true }))).toBe('screen');
  });

  it('offline on a screen shown online: the screen under the banner, even with data missing', () => {
    // e.g. tracking, whose driver photo failed before the signal went (SPEC 8: logged only).
    expect(offlineView(facts({ shownOnline: true }))).toBe('banner');
    expect(offlineView(facts({ shownOnline: true, missingData: true }))).toBe('banner');
  });

  it('offline on a screen opened offline: the banner when it has its data, else no-connection', () => {
    expect(offlineView(facts({}))).toBe('banner');
    expect(offlineView(facts({ missingData: true }))).toBe('no-connection');
  });

  it('a screen whose code could not be downloaded offline: no-connection until the retry', () => {
    expect(offlineView(facts({ codeFailedOffline: true, shownOnline: true }))).toBe(
      'no-connection',
    );
    expect(offlineView(facts({ codeFailedOffline: true, online: true }))).toBe('no-connection');
  });
});

type QueryState = Query['state'];

function query(active: boolean, state: Partial<QueryState>, queryKey: unknown[] = ['services']) {
  return {
    queryKey,
    isActive: () => active,
    state: { data: undefined, status: 'pending', fetchStatus: 'idle', ...state } as QueryState,
  };
}

describe('screenData', () => {
  it('is quiet when every query on display has data, or none is on display', () => {
    expect(screenData([])).toEqual({ loading: false, missing: false, showing: false });
    expect(
      screenData([
        query(true, { data: { id: 1 }, status: 'success' }),
        // Data kept from before a failed refresh still shows.
        query(true, { data: { id: 2 }, status: 'error' }),
        query(true, { data: { id: 3 }, status: 'success', fetchStatus: 'paused' }),
      ]),
    ).toEqual({ loading: false, missing: false, showing: true });
  });

  it('reads a query without data that is fetching as loading', () => {
    expect(screenData([query(true, { fetchStatus: 'fetching' })])).toEqual({
      loading: true,
      missing: false,
      showing: false,
    });
  });

  it('reads a query without data that failed or waits for a network as missing', () => {
    expect(screenData([query(true, { status: 'error' })]).missing).toBe(true);
    expect(screenData([query(true, { fetchStatus: 'paused' })]).missing).toBe(true);
  });

  it('leaves out queries nothing on display uses, or that are switched off', () => {
    expect(
      screenData([
        query(false, { status: 'error' }),
        query(false, { fetchStatus: 'fetching' }),
        // Enabled-false: pending and idle, never fetched.
        query(true, {}),
      ]),
    ).toEqual({ loading: false, missing: false, showing: false });
  });

  it("leaves out the shell's own reads: the screen shows without them", () => {
    const isShellRead = (key: readonly unknown[]) => key[0] === 'accounts';
    const integrations = query(true, { status: 'error' }, ['accounts', 'acc', 'integrations']);
    expect(screenData([integrations], isShellRead)).toEqual({
      loading: false,
      missing: false,
      showing: false,
    });
    expect(screenData([integrations]).missing).toBe(true);
  });
});
