import { z } from 'zod';
import { HomeAvailabilitySchema } from '../enumerations.ts';
import { boundedText } from './primitives.ts';

/**
 * SPEC 3 "Home notes: subService, availability (morning, afternoon, all day), date (default two days
 * ahead), comments". The date is MM/DD/YYYY (SPEC 5); null until the screen fills its default.
 */
export const HomeNotesSchema = z.object({
  subService: boundedText(120),
  availability: HomeAvailabilitySchema.nullable(),
  date: z
    .string()
    .regex(/^\d{2}\/\d{2}\/\d{4}$/, 'Expected MM/DD/YYYY')
    .nullable(),
  comments: boundedText(500),
});
export type HomeNotes = z.infer<typeof HomeNotesSchema>;

export const INITIAL_HOME_NOTES: HomeNotes = {
  subService: '',
  availability: null,
  date: null,
  comments: '',
};
