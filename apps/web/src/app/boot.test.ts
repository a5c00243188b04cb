import { describe, expect, it } from 'vitest';
import { readEntryQuery, startLanguage } from './boot.ts';
import { createSessionStore } from '../stores/session-store.ts';
import { testConfig } from '../test/fixtures.ts';

describe('boot: entry query into the session (SPEC 2 "Entry query parameters")', () => {
  it('stores brand, account, track, webview, name and language; returns the campaign name', () => {
    const store = createSessionStore();
    const params = readEntryQuery(
      '?brand=mmm&account=a1b2c3d4e5f6a1b2c3d4e5f6&track=home&isFromWebview=true&lang=en&campaign=SPRING-24&fullName=Ana%20Ruiz',
      store,
    );
    expect(params.campaign).toBe('SPRING-24');
    const { session } = store.getState();
    expect(session.brand).toBe('mmm');
    expect(session.accountId).toBe('a1b2c3d4e5f6a1b2c3d4e5f6');
    expect(session.currentTrack).toBe('home');
    expect(session.userExternalParams.isFromWebview).toBe(true);
    expect(session.userExternalParams.fullName).toBe('Ana Ruiz');
    expect(startLanguage(store)).toBe('en');
  });

  it('drops malformed values instead of storing them', () => {
    const store = createSessionStore();
    readEntryQuery('?isFromWebview=yes&track=air&lang=fr&account=nope', store);
    const { session } = store.getState();
    expect(session.userExternalParams.isFromWebview).toBe(false);
    expect(session.currentTrack).toBe('road');
    expect(session.accountId).toBeNull();
    expect(startLanguage(store)).toBe('es');
  });

  it('"The default language is Spanish (es)": without lang, the config default applies', () => {
    const store = createSessionStore();
    readEntryQuery('', store);
    expect(startLanguage(store, testConfig())).toBe('es');
  });
});
