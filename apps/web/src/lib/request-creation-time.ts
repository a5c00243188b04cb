// Decision 200: a retry must send the same body for the same serviceId, or the API answers 409.
// Everything in the payload follows from the session except `creationDate`, so the first attempt's
// time is kept per serviceId (in localStorage: a reload between attempts keeps it too).

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

/** The creation time of the request with this serviceId: the first attempt's, else `now` (kept). */
export function requestCreationTime(
  serviceId: string,
  now: Date,
  storage: Storage = localStorage,
): Date {
  const stored = read(storage);
  if (stored?.serviceId === serviceId) return new Date(stored.creationDate);
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ serviceId, creationDate: now.toISOString() }));
  } catch {
    // A full or blocked storage only costs the reload case.
  }
  return now;
}
