import { useMutation, useQuery } from '@tanstack/react-query';
import {
  GeotextResponseSchema,
  GeotextRoomStateSchema,
  type GeotextResponseRequest,
} from '@auxilio/domain';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useApi } from '../../../lib/use-api.ts';

/** The texted link's room as the customer may see it (decision 600): open, answered or expired. */
export function useGeotextRoomState(roomId: string, phoneNumber: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['geotext', 'room', roomId, phoneNumber],
    queryFn: ({ signal }) =>
      api.get(`/api/v1/geotext-rooms/${encodeURIComponent(roomId)}`, GeotextRoomStateSchema, {
        query: { phoneNumber },
        signal,
      }),
    // A 404 is an answer (an unknown room), not a network blip to retry.
    retry: (failures, error) => failures < 2 && !isRoomRefused(error),
    staleTime: 0,
  });
}

/** Reads the room once, outside the cache: after a refused retry, was the first try stored? */
export function useReadGeotextRoomState() {
  const api = useApi();
  return (roomId: string, phoneNumber: string) =>
    api.get(`/api/v1/geotext-rooms/${encodeURIComponent(roomId)}`, GeotextRoomStateSchema, {
      query: { phoneNumber },
    });
}

/** SPEC 7 POST /api/v1/geotext-responses {lat, lng, address, roomId, phoneNumber, success}. */
export function useSendGeotextResponse() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: GeotextResponseRequest) =>
      api.post('/api/v1/geotext-responses', body, GeotextResponseSchema),
  });
}

/**
 * The API refused the room (unknown, sent to another number, expired or already answered): SPEC 2
 * /geotext/error/roomid, not a retry.
 */
export function isRoomRefused(error: unknown): boolean {
  return (
    error instanceof ApiRequestError && (error.code === 'NOT_FOUND' || error.code === 'CONFLICT')
  );
}
