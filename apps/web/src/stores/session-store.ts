import { create, type Mutate, type StoreApi, type UseBoundStore } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import {
  applyEntryParams,
  chooseService,
  INITIAL_SESSION,
  markServiceVisited,
  resetAll,
  resetForCheckLimit,
  resetHomeOnDemand,
  restoreSession,
  selectCategory,
  selectSituation,
  type Campaign,
  type EntryParams,
  type HomeServiceType,
  type ServiceType,
  type ServiceTypeName,
  type Session,
} from '@auxilio/domain';

// ARCHITECTURE "Front end": the session of SPEC 3 is one Zustand store persisted to localStorage; its
// actions are named after the events of SPEC 4 and call the pure functions of @auxilio/domain, so the
// rules live in one place.

export interface SessionActions {
  /** SPEC 4 "Clear-all resets everything but keeps the dispatch function". */
  resetAll: () => void;
  /** SPEC 4 check-limit reset; the current account becomes the previous one. */
  resetForCheckLimit: (currentAccountId: string) => void;
  /** SPEC 4 "The home on-demand reset keeps contract and the MMM home-on-demand flag". */
  resetHomeOnDemand: () => void;
  /** SPEC 4 "Choosing a service resets destination coordinates and address unless it is a tow". */
  chooseService: (serviceType: ServiceType) => void;
  /** SPEC 4 "A new situation or category may be selected and the category cleared". */
  selectSituation: (situation: ServiceTypeName | null, category?: HomeServiceType | null) => void;
  selectCategory: (category: HomeServiceType | null) => void;
  /** SPEC 4 "A first-visit marker per service is stored locally". */
  markServiceVisited: (serviceId: string) => void;
  /** SPEC 2 entry query parameters, parsed by the domain's parseEntryParams. */
  applyEntryParams: (params: EntryParams) => void;
  /** The brand and account the server resolved when the query named none (host name, default). */
  adoptResolvedBrand: (brand: string, accountId: string | null) => void;
  /** The campaign named by the entry query, once fetched (SPEC 3 "a campaign may carry serviceTypes"). */
  setCampaign: (campaign: Campaign | null) => void;
  /**
   * Any other change: a pure function of @auxilio/domain (or a field copy) applied to the session.
   * Screens keep their rules in the domain package and pass them here, so the store stays small.
   */
  updateSession: (change: (session: Session) => Session) => void;
  /** Shorthand for updateSession with a plain field copy. */
  patchSession: (patch: Partial<Session>) => void;
}

export interface SessionState extends SessionActions {
  session: Session;
}

/** localStorage key of the persisted session. */
export const SESSION_STORAGE_KEY = 'auxilio:session';
/** Bump when the persisted shape changes; older data goes through restoreSession. */
export const SESSION_STORAGE_VERSION = 1;

/** The store, with its persistence (reading the stored session again: `persist.rehydrate`). */
export type SessionStore = UseBoundStore<
  Mutate<StoreApi<SessionState>, [['zustand/persist', unknown]]>
>;

export function createSessionStore(
  storage: () => StateStorage = () => localStorage,
  { hydrateLater = false }: { hydrateLater?: boolean } = {},
): SessionStore {
  return create<SessionState>()(
    persist(
      (set) => {
        const update = (change: (session: Session) => Session) => {
          set((state) => ({ session: change(state.session) }));
        };
        return {
          session: INITIAL_SESSION,
          resetAll: () => {
            update(resetAll);
          },
          resetForCheckLimit: (currentAccountId) => {
            update((session) => resetForCheckLimit(session, currentAccountId));
          },
          resetHomeOnDemand: () => {
            update(resetHomeOnDemand);
          },
          chooseService: (serviceType) => {
            update((session) => chooseService(session, serviceType));
          },
          selectSituation: (situation, category = null) => {
            update((session) => selectSituation(session, situation, category));
          },
          selectCategory: (category) => {
            update((session) => selectCategory(session, category));
          },
          markServiceVisited: (serviceId) => {
            update((session) => markServiceVisited(session, serviceId));
          },
          applyEntryParams: (params) => {
            update((session) => applyEntryParams(session, params));
          },
          adoptResolvedBrand: (brand, accountId) => {
            update((session) => {
              if (session.brand === null) {
                return { ...session, brand, accountId: session.accountId ?? accountId };
              }
              // `?brand=x` alone: remember the account the server chose for that brand.
              if (session.brand === brand && session.accountId === null) {
                return { ...session, accountId };
              }
              return session;
            });
          },
          setCampaign: (campaign) => {
            update((session) => ({ ...session, campaign }));
          },
          updateSession: update,
          patchSession: (patch) => {
            update((session) => ({ ...session, ...patch }));
          },
        };
      },
      {
        name: SESSION_STORAGE_KEY,
        version: SESSION_STORAGE_VERSION,
        storage: createJSONStorage(storage),
        partialize: (state) => ({ session: state.session }),
        skipHydration: hydrateLater,
        // Whatever was stored is re-validated; a session that no longer fits starts over.
        migrate: (persisted) => ({ session: restoreSession(readSession(persisted)) }),
        merge: (persisted, current) => ({
          ...current,
          session: restoreSession(readSession(persisted)),
        }),
      },
    ),
  );
}

function readSession(persisted: unknown): unknown {
  return typeof persisted === 'object' && persisted !== null && 'session' in persisted
    ? persisted.session
    : null;
}

/**
 * The app's session store. The stored session is read by the app's start-up (main.tsx, through
 * readStoredSession) in a task of its own, not while the modules are evaluated.
 */
export const useSessionStore: SessionStore = createSessionStore(undefined, { hydrateLater: true });

/**
 * Reads the stored session into a store made with `hydrateLater`, at once (localStorage answers
 * synchronously). Called before anything writes to the store: a write would replace the stored
 * session. Where the browser refuses storage (some webviews and frames), the store has no
 * persistence and starts from the initial session.
 */
export function readStoredSession(store: SessionStore = useSessionStore): void {
  const persistence = store.persist as SessionStore['persist'] | undefined;
  void persistence?.rehydrate();
}
