import { z } from 'zod';
import type { SurveyQuestion } from '../brand.ts';
import { SURVEY_LIMITS } from '../constants.ts';
import { isValidSurveyValue } from '../validation.ts';
import { requiredText } from './primitives.ts';

/**
 * SPEC 3 "Survey answers: keyed by question type (coordinator, provider, experience, arrivalTime,
 * providerVest, providerSpeed, productExperience, gentleOperator, recommendationScore, and V2
 * variants)". A V2 variant is the same key with the suffix 'V2' (decision 126).
 */
export const SURVEY_ANSWER_BASE_KEYS = [
  'coordinator',
  'provider',
  'experience',
  'arrivalTime',
  'providerVest',
  'providerSpeed',
  'productExperience',
  'gentleOperator',
  'recommendationScore',
] as const;
export const SURVEY_ANSWER_KEYS = [
  ...SURVEY_ANSWER_BASE_KEYS,
  ...SURVEY_ANSWER_BASE_KEYS.map((key) => `${key}V2` as const),
] as const;
export const SurveyAnswerKeySchema = z.enum(SURVEY_ANSWER_KEYS);
export type SurveyAnswerKey = z.infer<typeof SurveyAnswerKeySchema>;

/** One answer: a number (stars, slider, rating, stepper), yes/no, or a short text. */
export const SurveyAnswerValueSchema = z.union([
  z.number().int().min(0).max(1000),
  z.boolean(),
  z.string().max(SURVEY_LIMITS.commentMaxLength),
]);
export type SurveyAnswerValue = z.infer<typeof SurveyAnswerValueSchema>;

/**
 * `POST /surveys`. SPEC 7: "{answers, comments, serviceId}; success by status". SPEC 5: "Survey
 * comment max 255 characters".
 */
export const SurveySubmitRequestSchema = z.object({
  answers: z.partialRecord(SurveyAnswerKeySchema, SurveyAnswerValueSchema),
  comments: z.string().max(SURVEY_LIMITS.commentMaxLength),
  serviceId: requiredText(64),
});
export type SurveySubmitRequest = z.infer<typeof SurveySubmitRequestSchema>;

/** Survey answer of the API: the service now has `surveys.answered` true. */
export const SurveySubmitResponseSchema = z.object({ answered: z.literal(true) });

/**
 * The first answer that does not fit the brand's question of that key, or null when all fit.
 * SPEC 5: "slider 0 to 10; rating buttons 0 to 10; stars 1 to 5". An answer to a question the brand
 * does not ask is an error too.
 */
export function findInvalidSurveyAnswer(
  answers: SurveySubmitRequest['answers'],
  questions: readonly Pick<SurveyQuestion, 'key' | 'type'>[],
): SurveyAnswerKey | null {
  for (const [key, value] of Object.entries(answers) as [SurveyAnswerKey, SurveyAnswerValue][]) {
    const question = questions.find((q) => q.key === key);
    if (!question || !isValidSurveyValue(question.type, value)) return key;
  }
  return null;
}

/** The provider rating that decides the tip offer (SPEC 4 "provider rating is above 3"). */
export function providerRatingOf(answers: SurveySubmitRequest['answers']): number | null {
  const value = answers.provider ?? answers.providerV2;
  return typeof value === 'number' ? value : null;
}
