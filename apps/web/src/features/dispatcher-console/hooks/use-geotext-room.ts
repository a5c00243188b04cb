import { useEffect, useState } from 'react';
import { GeotextAnswerSchema, type GeotextAnswer, type GeotextRoom } from '@auxilio/domain';
import type { DispatcherApi } from '../api/dispatcher-api.ts';

// A geotext room the dispatcher created, followed live (decision 600): its stream sends `located`
// when the customer shares a position and `failed` when their phone could not. The room is read
// once more whenever the stream (re)opens, so an answer given while it was down is not missed.

export type GeotextOutcome =
  | { kind: 'waiting' }
  | { kind: 'located'; answer: GeotextAnswer }
  | { kind: 'failed' }
  | { kind: 'expired' };

/** What the room's answers say: the first successful one wins; a failure stays until then. */
export function geotextOutcomeOf(room: GeotextRoom, lastFailed: boolean): GeotextOutcome {
  const located = room.answers.find((answer) => answer.success);
  if (located) return { kind: 'located', answer: located };
  if (room.status === 'expired') return { kind: 'expired' };
  if (lastFailed || room.answers.at(-1)?.success === false) return { kind: 'failed' };
  return { kind: 'waiting' };
}

export function useGeotextRoom(
  api: DispatcherApi,
  token: string,
  created: GeotextRoom | null,
): GeotextOutcome | null {
  const [room, setRoom] = useState<GeotextRoom | null>(created);
  const [failed, setFailed] = useState(false);
  const [roomId, setRoomId] = useState(created?._id ?? null);
  if ((created?._id ?? null) !== roomId) {
    // A new room replaces the one followed so far.
    setRoomId(created?._id ?? null);
    setRoom(created);
    setFailed(false);
  }

  useEffect(() => {
    if (!roomId || typeof EventSource === 'undefined') return;
    const source = new EventSource(api.geotextEventsUrl(token, roomId));
    const answerOf = (event: MessageEvent<string>): GeotextAnswer | null => {
      try {
        const parsed = GeotextAnswerSchema.safeParse(JSON.parse(event.data));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    };
    source.onopen = () => {
      api.geotextRoom(token, roomId).then(setRoom, () => undefined);
    };
    source.addEventListener('located', (event: MessageEvent<string>) => {
      const answer = answerOf(event);
      if (!answer) return;
      setRoom((current) =>
        current
          ? { ...current, status: 'answered', answers: [...current.answers, answer] }
          : current,
      );
    });
    source.addEventListener('failed', () => {
      setFailed(true);
    });
    return () => {
      source.close();
    };
  }, [api, token, roomId]);

  return room ? geotextOutcomeOf(room, failed) : null;
}
