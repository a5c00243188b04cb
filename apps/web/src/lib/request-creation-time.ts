import { localStorageOrNone } from './local-storage.ts';

// Decision 200: a retry must send the same body for the same serviceId, or the API answers 409.
// Everything in the payload follows from the session except `creationDate`, so the first attempt's
// time is kept per serviceId (in localStorage: a reload between attempts keeps it too; where the
// browser refuses storage, this page keeps it until it is closed).

const STORAGE_KEY = 'auxilio:request-creation-time';

interface Stored {
  serviceId: string;
  creationDate: string;
}

function read(storage: Storage): Stored | null {
  try {
    const value = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as Partial<Stored> | null;
    return typeof value?.serviceId === 'string' && typeof value.creationDate === 'string'
      ? { serviceId: value.serviceId, creationDate: value.creationDate }
      : null;
  } catch {
    return null;
  }
}

/** The last time kept by this page: what a retry finds where storage is refused or full. */
let keptOnPage: Stored | null = null;

/** The creation time of the request with this serviceId: the first attempt's, else `now` (kept). */
export function requestCreationTime(
  serviceId: string,
  now: Date,
  storage: Storage | null = localStorageOrNone(),
): Date {
  const stored = (storage ? read(storage) : null) ?? keptOnPage;
  if (stored?.serviceId === serviceId) return new Date(stored.creationDate);
  keptOnPage = { serviceId, creationDate: now.toISOString() };
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(keptOnPage));
  } catch {
    // A full or blocked storage only costs the reload case.
  }
  return now;
}
