/**
 * URL of a service's event stream. `EventSource` cannot send headers, so the app key and the service
 * token go in the query (decision 222); `lastEventId` resumes after an event when the stream is
 * reopened by hand (the browser sends Last-Event-ID itself only on its own reconnects).
 */
export function serviceEventsUrl(input: {
  base: string;
  serviceId: string;
  appKey: string;
  token: string;
  lastEventId: string | null;
}): string {
  const query = new URLSearchParams({ key: input.appKey, token: input.token });
  if (input.lastEventId) query.set('lastEventId', input.lastEventId);
  const base = input.base.replace(/\/+$/, '');
  return `${base}/api/v1/services/${encodeURIComponent(input.serviceId)}/events?${query.toString()}`;
}
