/**
 * The page's localStorage, or null where the browser refuses it (a webview or frame with storage
 * turned off throws on the mere read of `window.localStorage`): what is kept there is then asked
 * for again, and the app still starts.
 */
export function localStorageOrNone(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
