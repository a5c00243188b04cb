import type { Db } from '../db/client.ts';
import { surveys } from '../db/schema.ts';

// The one survey of a service (unique service_id). It is written with its service change by the
// services repository (`submitSurvey`); this file holds its SQL.

export type NewSurveyRow = typeof surveys.$inferInsert;

/** Inserts the survey inside `tx`; false, with nothing written, when the service has one already. */
export async function insertSurveyOnce(tx: Db, survey: NewSurveyRow): Promise<boolean> {
  const inserted = await tx
    .insert(surveys)
    .values(survey)
    .onConflictDoNothing({ target: surveys.serviceId })
    .returning({ id: surveys.id });
  return inserted.length > 0;
}
