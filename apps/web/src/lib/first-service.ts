import { FIRST_SERVICE_ELEMENT_ID, ServiceSchema, type Service } from '@auxilio/domain';

// The service the server wrote into the /tracking page with its first paint (docs/decisions/752),
// taken once: the app's first render shows it without reading it again.

/** The page's service when it is the session's one and well formed; undefined otherwise. */
export function takeFirstService(
  serviceId: string,
  target: Document = document,
): Service | undefined {
  const element = target.getElementById(FIRST_SERVICE_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  let data: unknown;
  try {
    data = JSON.parse(element.textContent);
  } catch {
    return undefined;
  }
  const service = ServiceSchema.safeParse(data).data;
  return service?._id === serviceId ? service : undefined;
}
