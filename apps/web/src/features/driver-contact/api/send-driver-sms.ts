import { useMutation } from '@tanstack/react-query';
import {
  buildDriverSms,
  DriverSmsResponseSchema,
  type Branch,
  type DriverSmsResponse,
} from '@auxilio/domain';
import { useApi } from '../../../lib/use-api.ts';
import { useSessionStore } from '../../../stores/session-store.ts';

export interface DriverNoteInput {
  text: string;
  serviceNumber: string;
  /** The driver's phone, where the text message goes. */
  phone: string;
  branch: Branch;
}

/**
 * SPEC 7 `POST /api/v1/drivers/sms`: "{message (prefixed 'No Reply: #{serviceNumber}: ...'),
 * serviceNumber, phone, branch}; success when data.status is true". The prefix comes from the
 * domain's buildDriverSms.
 */
export function useSendDriverNote() {
  const api = useApi();
  const token = useSessionStore((state) => state.session.token);
  return useMutation({
    mutationFn: async (input: DriverNoteInput): Promise<DriverSmsResponse> => {
      const answer = await api.post(
        '/api/v1/drivers/sms',
        buildDriverSms(input),
        DriverSmsResponseSchema,
        {
          token,
        },
      );
      if (!answer.status) throw new Error('The text message was not sent');
      return answer;
    },
  });
}
