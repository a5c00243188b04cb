import { useMutation } from '@tanstack/react-query';
import { AddNoteResponseSchema, type AddNoteResponse } from '@auxilio/domain';
import { useApi } from '../../../lib/use-api.ts';
import { useSessionStore } from '../../../stores/session-store.ts';

// SPEC 7 POST /utils/addNote {serviceId, body, employeeId, identifyUserByEmail} with the service's
// bearer token: the customer's comments become a note of the service (decision 613). The same text
// again stores one note, so a retry on a weak signal never repeats it.

export function useSendComments() {
  const api = useApi();
  const serviceId = useSessionStore((state) => state.session.serviceId);
  const token = useSessionStore((state) => state.session.token);
  return useMutation({
    mutationFn: (text: string): Promise<AddNoteResponse> =>
      api.post(
        '/utils/addNote',
        { serviceId, body: text.trim(), employeeId: null, identifyUserByEmail: null },
        AddNoteResponseSchema,
        { token },
      ),
  });
}
