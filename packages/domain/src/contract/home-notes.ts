import { z } from 'zod/mini';
import { PlainDateSchema } from '../dates.ts';
import { HomeAvailabilitySchema } from '../enumerations.ts';
import { boundedText } from './primitives.ts';

/**
 * SPEC 3 "Home notes: subService, availability (morning, afternoon, all day), date (default two days
 * ahead), comments". The date is a calendar day 'YYYY-MM-DD' (dates.ts), shown and sent as
 * MM/DD/YYYY (SPEC 5); null until the screen fills its default (defaultHomeDate).
 */
export const HomeNotesSchema = z.object({
  subService: boundedText(120),
  availability: z.nullable(HomeAvailabilitySchema),
  date: z.nullable(PlainDateSchema),
  comments: boundedText(500),
});
export type HomeNotes = z.infer<typeof HomeNotesSchema>;

export const INITIAL_HOME_NOTES: HomeNotes = {
  subService: '',
  availability: null,
  date: null,
  comments: '',
};

/**
 * When a home visit is to happen, as the customer chose it on the summary (SPEC 3 Home notes "date"
 * and "availability"): sent with a home request beside the notes text, so the server can check the
 * date rule and dispatch the visit at its day (decision 644).
 */
export const HomeVisitSchema = z.object({
  date: PlainDateSchema,
  availability: HomeAvailabilitySchema,
});
export type HomeVisit = z.infer<typeof HomeVisitSchema>;
