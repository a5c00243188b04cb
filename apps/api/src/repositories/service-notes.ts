import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { messages, services } from '../db/schema.ts';
import { appendServiceEvent } from './service-events.ts';
import type { ServiceRow } from './services.ts';

// Notes to the driver (SPEC 7 POST /utils/addNote) and the situation specification (PATCH
// /utils/situation-specification) of one service; decision 402.

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

export interface ServiceNotesRepository {
  /**
   * Stores a note (messages, kind 'note') and appends a `note` event to the service's history in one
   * transaction, after `check(service)` on the locked row (it throws to refuse). A note with an id
   * already stored writes nothing and answers the stored one. undefined when there is no service.
   */
  addNoteOnce(note: NewNote, check: (service: ServiceRow) => void): Promise<NoteRow | undefined>;
  /** Replaces `services.situation_specification`; undefined when there is no service. */
  setSituationSpecification(
    serviceId: string,
    specification: SituationSpecification,
    check: (service: ServiceRow) => void,
  ): Promise<SituationSpecification | undefined>;
}

async function lockService(tx: Db, id: string): Promise<ServiceRow | undefined> {
  const [service] = await tx.select().from(services).where(eq(services.id, id)).for('update');
  return service;
}

export function createServiceNotesRepository(db: Db): ServiceNotesRepository {
  return {
    addNoteOnce: (note, check) =>
      db.transaction(async (tx) => {
        const service = await lockService(tx, note.serviceId);
        if (!service) return undefined;
        check(service);
        const [inserted] = await tx
          .insert(messages)
          .values({
            id: note.id,
            serviceId: note.serviceId,
            kind: 'note',
            direction: 'outbound',
            to: service.driverId,
            from: note.from,
            body: note.body,
            // Nothing to send: the note reaches the driver through the service's event stream.
            status: 'delivered',
          })
          .onConflictDoNothing({ target: messages.id })
          .returning();
        if (inserted) {
          await appendServiceEvent(tx, note.serviceId, 'note', {
            noteId: inserted.id,
            body: inserted.body,
            createdAt: inserted.createdAt.toISOString(),
          });
          return inserted;
        }
        const [stored] = await tx
          .select()
          .from(messages)
          .where(and(eq(messages.id, note.id), eq(messages.serviceId, note.serviceId)));
        return stored;
      }),
    setSituationSpecification: (serviceId, specification, check) =>
      db.transaction(async (tx) => {
        const service = await lockService(tx, serviceId);
        if (!service) return undefined;
        check(service);
        await tx
          .update(services)
          .set({ situationSpecification: { ...specification }, updatedAt: new Date() })
          .where(eq(services.id, serviceId));
        return specification;
      }),
  };
}
