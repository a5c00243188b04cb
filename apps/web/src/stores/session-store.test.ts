import { describe, expect, it } from 'vitest';
import { INITIAL_SESSION, SessionSchema, type ServiceType } from '@auxilio/domain';
import {
  createSessionStore,
  readStoredSession,
  SESSION_STORAGE_KEY,
  SESSION_STORAGE_VERSION,
} from './session-store.ts';

const ACCOUNT = 'a1b2c3d4e5f6a1b2c3d4e5f6';
const OTHER_ACCOUNT = 'ffffffffffffffffffffffff';
const LOCKSMITH: ServiceType = { name: 'locksmith', category: 'road' };
const TOW: ServiceType = { name: 'towBreakdown', category: 'road' };
const DESTINATION = {
  lat: 18.45,
  lng: -66.07,
  address: 'Calle Luna 1, San Juan',
  placeId: 'place-1',
  prettyAddress: 'Calle Luna 1',
};

function storedSession(): unknown {
  const raw = localStorage.getItem(SESSION_STORAGE_KEY);
  return raw ? (JSON.parse(raw) as { state: { session: unknown } }).state.session : null;
}

function storeWithDestination() {
  const store = createSessionStore();
  store.setState((state) => ({
    session: {
      ...state.session,
      brand: 'demo',
      accountId: ACCOUNT,
      locations: { ...state.session.locations, destination: { ...DESTINATION } },
    },
  }));
  return store;
}

describe('session store (SPEC 4 "Session: persisted locally")', () => {
  it('starts from the initial session and persists every change to localStorage, versioned', () => {
    const store = createSessionStore();
    expect(store.getState().session).toEqual(INITIAL_SESSION);
    store.getState().selectSituation('flatTire');
    const raw = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}') as {
      version: number;
    };
    expect(raw.version).toBe(SESSION_STORAGE_VERSION);
    expect(SessionSchema.parse(storedSession()).situation).toBe('flatTire');
  });

  it('a new store (a reload) reads the persisted session back', () => {
    createSessionStore().getState().applyEntryParams({ brand: 'demo', account: ACCOUNT });
    const reloaded = createSessionStore();
    expect(reloaded.getState().session.brand).toBe('demo');
    expect(reloaded.getState().session.accountId).toBe(ACCOUNT);
  });

  it('hydrating later: the stored session is read when asked, at once, and nothing is written before', () => {
    createSessionStore().getState().applyEntryParams({ brand: 'demo', account: ACCOUNT });
    const stored = localStorage.getItem(SESSION_STORAGE_KEY);
    const reloaded = createSessionStore(undefined, { hydrateLater: true });
    expect(reloaded.getState().session).toEqual(INITIAL_SESSION);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe(stored);
    readStoredSession(reloaded);
    expect(reloaded.getState().session.brand).toBe('demo');
    expect(reloaded.getState().session.accountId).toBe(ACCOUNT);
  });

  it('hydrating later where the browser refuses storage: the initial session, and no error', () => {
    const refused = createSessionStore(
      () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      { hydrateLater: true },
    );
    expect(() => {
      readStoredSession(refused);
    }).not.toThrow();
    expect(refused.getState().session).toEqual(INITIAL_SESSION);
    refused.getState().selectSituation('flatTire');
    expect(refused.getState().session.situation).toBe('flatTire');
  });

  it('a persisted session that no longer fits the schema starts over', () => {
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ state: { session: { passengers: -4 } }, version: SESSION_STORAGE_VERSION }),
    );
    expect(createSessionStore().getState().session).toEqual(INITIAL_SESSION);
  });

  it('chooseService: "resets destination coordinates and address unless it is a tow"', () => {
    const store = storeWithDestination();
    store.getState().chooseService(TOW);
    expect(store.getState().session.locations.destination.address).toBe(DESTINATION.address);
    store.getState().chooseService(LOCKSMITH);
    const { destination } = store.getState().session.locations;
    expect(destination.lat).toBe(0);
    expect(destination.address).not.toBe(DESTINATION.address);
    expect(store.getState().session.situation).toBe('locksmith');
  });

  it('resetAll: "Clear-all resets everything"', () => {
    const store = storeWithDestination();
    store.getState().markServiceVisited('svc-1');
    store.getState().resetAll();
    expect(store.getState().session.brand).toBeNull();
    expect(store.getState().session.locations).toEqual(INITIAL_SESSION.locations);
    expect(SessionSchema.parse(storedSession()).brand).toBeNull();
  });

  it('resetForCheckLimit: keeps the situation and stores the current account as the previous one', () => {
    const store = storeWithDestination();
    store.getState().selectSituation('jumpStart');
    store.getState().resetForCheckLimit(ACCOUNT);
    const { session } = store.getState();
    expect(session.situation).toBe('jumpStart');
    expect(session.previousAccount).toEqual({ id: ACCOUNT, brand: 'demo' });
    expect(session.brand).toBeNull();
  });

  it('resetHomeOnDemand: keeps the MMM home-on-demand flag', () => {
    const store = createSessionStore();
    store.setState((state) => ({ session: { ...state.session, isMMMHOD: true, notes: 'x' } }));
    store.getState().resetHomeOnDemand();
    expect(store.getState().session.isMMMHOD).toBe(true);
    expect(store.getState().session.notes).toBe('');
  });

  it('selectCategory and selectSituation: "A new situation or category may be selected and the category cleared"', () => {
    const store = createSessionStore();
    store.getState().selectCategory('Plumbing');
    expect(store.getState().session.category).toBe('Plumbing');
    store.getState().selectSituation('flatTire');
    expect(store.getState().session.category).toBeNull();
  });
});

describe('entry parameters into the session (SPEC 2 "Entry query parameters")', () => {
  it('stores brand, account, track, webview and the user external params', () => {
    const store = createSessionStore();
    store.getState().applyEntryParams({
      brand: 'demo',
      account: ACCOUNT,
      track: 'home',
      isFromWebview: true,
      fullName: 'Ana María Ruiz',
      plate: 'ABC-123',
      policyNumber: 'POL-9',
      isFromCheckLimit: true,
      lang: 'en',
      event: 'promo',
    });
    const { session } = store.getState();
    expect(session).toMatchObject({
      brand: 'demo',
      accountId: ACCOUNT,
      currentTrack: 'home',
      isFromCheckLimit: true,
      language: 'en',
      event: 'promo',
    });
    expect(session.userExternalParams).toMatchObject({
      isFromWebview: true,
      fullName: 'Ana María Ruiz',
      plate: 'ABC-123',
      policyNumber: 'POL-9',
    });
  });

  it('an entry for another account starts a new session', () => {
    const store = storeWithDestination();
    store.getState().selectSituation('flatTire');
    store.getState().applyEntryParams({ account: OTHER_ACCOUNT });
    expect(store.getState().session.situation).toBeNull();
    expect(store.getState().session.accountId).toBe(OTHER_ACCOUNT);
  });

  it('an entry without brand or account keeps the request in progress', () => {
    const store = storeWithDestination();
    store.getState().selectSituation('flatTire');
    store.getState().applyEntryParams({ lang: 'es' });
    expect(store.getState().session.situation).toBe('flatTire');
    expect(store.getState().session.brand).toBe('demo');
  });

  it('adopts the brand the server resolved only when the entry named none', () => {
    const store = createSessionStore();
    store.getState().adoptResolvedBrand('honda', ACCOUNT);
    expect(store.getState().session.brand).toBe('honda');
    store.getState().adoptResolvedBrand('mazda', OTHER_ACCOUNT);
    expect(store.getState().session.brand).toBe('honda');
    expect(store.getState().session.accountId).toBe(ACCOUNT);
  });

  it('remembers the account the server chose for a brand named without account', () => {
    const store = createSessionStore();
    store.getState().applyEntryParams({ brand: 'mmm' });
    store.getState().adoptResolvedBrand('mmm', ACCOUNT);
    expect(store.getState().session.accountId).toBe(ACCOUNT);
  });
});
