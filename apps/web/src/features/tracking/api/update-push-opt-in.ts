import { useMutation } from '@tanstack/react-query';
import { PushOptInRequestSchema, PushOptInResponseSchema } from '@auxilio/domain';
import { useApi } from '../../../lib/use-api.ts';
import { useSessionStore } from '../../../stores/session-store.ts';

/** SPEC 7 `PATCH /api/v1/service-requests/{id}/pushOptIn` with `{pushOptIn}`; the session keeps it. */
export function useUpdatePushOptIn() {
  const api = useApi();
  const serviceId = useSessionStore((state) => state.session.serviceId);
  const token = useSessionStore((state) => state.session.token);
  const patchSession = useSessionStore((state) => state.patchSession);
  return useMutation({
    mutationFn: async (pushOptIn: boolean) => {
      patchSession({ pushOptIn });
      if (!serviceId) return;
      await api.patch(
        `/api/v1/service-requests/${encodeURIComponent(serviceId)}/pushOptIn`,
        PushOptInRequestSchema.parse({ pushOptIn }),
        PushOptInResponseSchema,
        { token },
      );
    },
  });
}
