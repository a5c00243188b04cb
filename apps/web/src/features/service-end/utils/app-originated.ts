import type { Service, Session } from '@auxilio/domain';

/**
 * SPEC 2 "an Ok button for app-originated services": the service says it came from the app
 * (flags.fromConnectApp) or the session came through a connect-app integration (decision 311).
 */
export function isAppOriginated(
  service: Pick<Service, 'flags'> | null,
  session: Pick<Session, 'integrations'>,
): boolean {
  if (service?.flags.fromConnectApp) return true;
  return session.integrations.some((integration) => integration.enabled);
}
