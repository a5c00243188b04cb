import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { messages } from '../db/schema.ts';

// Notes to the driver (SPEC 7 POST /utils/addNote) and the situation specification (PATCH
// /utils/situation-specification) of one service; decision 402. Both are written by the services
// repository (`addNoteOnce`, `setSituationSpecification`); this file holds the notes' SQL.

export type NoteRow = typeof messages.$inferSelect;

export interface NewNote {
  /** Deduplication key: the same note about the same service is stored once. */
  id: string;
  serviceId: string;
  body: string;
  /** Who wrote it: 'customer', 'employee:<id>' or 'email:<address>' (as the caller said). */
  from: string;
}

export interface SituationSpecification {
  hasComment: boolean;
  imagesCount: number;
  updatedAt: string;
}

/**
 * Stores a note for the driver of the service inside `tx` (messages, kind 'note'). A note whose id
 * is already stored is not written again: `inserted` is false and `note` is the stored one
 * (undefined if that id belongs to another service).
 */
export async function insertNoteOnce(
  tx: Db,
  note: NewNote,
  driverId: string | null,
): Promise<{ inserted: true; note: NoteRow } | { inserted: false; note: NoteRow | undefined }> {
  const [inserted] = await tx
    .insert(messages)
    .values({
      id: note.id,
      serviceId: note.serviceId,
      kind: 'note',
      direction: 'outbound',
      to: driverId,
      from: note.from,
      body: note.body,
      // Nothing to send: the note reaches the driver through the service's event stream.
      status: 'delivered',
    })
    .onConflictDoNothing({ target: messages.id })
    .returning();
  if (inserted) return { inserted: true, note: inserted };
  const [stored] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.id, note.id), eq(messages.serviceId, note.serviceId)));
  return { inserted: false, note: stored };
}
