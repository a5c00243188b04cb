// The plain values flow functions return. Screens and guards act on them; no flow function navigates.

/** Go to an in-app path (with its query). `replace` replaces the history entry. */
export interface RouteDecision {
  kind: 'route';
  to: string;
  replace?: boolean;
}

/** Render the guarded page. */
export interface ShowDecision {
  kind: 'show';
}

/** Stay where you are (a poll found nothing to act on). */
export interface StayDecision {
  kind: 'stay';
}

/** Leave the app for an external URL (an integration's success redirect). */
export interface ExternalDecision {
  kind: 'external';
  url: string;
}

/** `path?key=value&...`, skipping null and undefined values. */
export function withQuery(path: string, query: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value != null && value !== '') search.set(key, value);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
