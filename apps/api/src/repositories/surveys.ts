import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { services, surveys } from '../db/schema.ts';
import { appendServiceEvent } from './service-events.ts';
import type { NewServiceEvent, NewServiceRow, ServiceRow } from './services.ts';

export type NewSurveyRow = typeof surveys.$inferInsert;

/** The service change that goes with a first survey. */
export interface SurveyPlan {
  servicePatch: Partial<NewServiceRow>;
  event: NewServiceEvent;
}

export type SurveyOutcome = 'created' | 'existing' | 'no-service';

export interface SurveysRepository {
  /**
   * Stores the service's survey, applies `plan(service)` to the locked service row and appends its
   * event, in one transaction. A service that already has a survey is left as it is ('existing'):
   * one survey per service (unique service_id), so a retry writes nothing.
   */
  submitOnce(
    survey: NewSurveyRow,
    plan: (service: ServiceRow) => SurveyPlan,
  ): Promise<SurveyOutcome>;
}

export function createSurveysRepository(db: Db): SurveysRepository {
  return {
    submitOnce: (survey, plan) =>
      db.transaction(async (tx): Promise<SurveyOutcome> => {
        const [service] = await tx
          .select()
          .from(services)
          .where(eq(services.id, survey.serviceId))
          .for('update')
          .limit(1);
        if (!service) return 'no-service';
        // May throw (a cancelled service): nothing is written then.
        const decided = plan(service);
        const inserted = await tx
          .insert(surveys)
          .values(survey)
          .onConflictDoNothing({ target: surveys.serviceId })
          .returning({ id: surveys.id });
        if (inserted.length === 0) return 'existing';
        await tx
          .update(services)
          .set({ ...decided.servicePatch, updatedAt: new Date() })
          .where(eq(services.id, service.id));
        await appendServiceEvent(tx, service.id, decided.event.type, decided.event.payload);
        return 'created';
      }),
  };
}
