/**
 * A photo list's signed URLs last 15 minutes (STORAGE_URL_EXPIRES_SECONDS): a screen showing them
 * reads the list again before they stop working.
 */
export const SIGNED_URL_REFRESH_MS = 10 * 60_000;
