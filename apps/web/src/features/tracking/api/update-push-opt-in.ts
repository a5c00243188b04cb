import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LanguageSchema, PushOptInRequestSchema, PushOptInResponseSchema } from '@auxilio/domain';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useApi } from '../../../lib/use-api.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { subscribeToPush } from '../../../lib/push/subscribe-to-push.ts';

/**
 * SPEC 7 `PATCH /api/v1/service-requests/{id}/pushOptIn` with `{pushOptIn}`; the session keeps it.
 * An opt-in also sends this browser's push subscription and language when it has one (decision 452).
 */
export function useUpdatePushOptIn() {
  const api = useApi();
  const { i18n } = useTranslation();
  const vapidPublicKey = useRuntimeConfig().push?.vapidPublicKey;
  const serviceId = useSessionStore((state) => state.session.serviceId);
  const token = useSessionStore((state) => state.session.token);
  const patchSession = useSessionStore((state) => state.patchSession);
  return useMutation({
    mutationFn: async (pushOptIn: boolean) => {
      patchSession({ pushOptIn });
      if (!serviceId) return;
      const subscription = pushOptIn ? await subscribeToPush(vapidPublicKey) : undefined;
      const language = LanguageSchema.safeParse(i18n.resolvedLanguage).data;
      await api.patch(
        `/api/v1/service-requests/${encodeURIComponent(serviceId)}/pushOptIn`,
        PushOptInRequestSchema.parse(
          subscription ? { pushOptIn, subscription, language } : { pushOptIn },
        ),
        PushOptInResponseSchema,
        { token },
      );
    },
  });
}
