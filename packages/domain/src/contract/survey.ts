import { z } from 'zod/mini';
import { SURVEY_LIMITS } from '../constants.ts';
import { SurveyQuestionTypeSchema } from '../enumerations.ts';
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

/** One survey question of a brand. SPEC 2 "Survey: questions depend on brand". */
export const SurveyQuestionSchema = z.object({
  /** Answer key, SPEC 3 "Survey answers: keyed by question type (coordinator, provider, ...)". */
  key: SurveyAnswerKeySchema,
  type: SurveyQuestionTypeSchema,
  /** Translation key of the question text. */
  label: z.string().check(z.minLength(1)),
});
export type SurveyQuestion = z.infer<typeof SurveyQuestionSchema>;

/** One answer: a number (stars, slider, rating, stepper), yes/no, or a short text. */
export const SurveyAnswerValueSchema = z.union([
  z.number().check(z.int(), z.gte(0), z.lte(1000)),
  z.boolean(),
  z.string().check(z.maxLength(SURVEY_LIMITS.commentMaxLength)),
]);
export type SurveyAnswerValue = z.infer<typeof SurveyAnswerValueSchema>;

/**
 * `POST /surveys`. SPEC 7: "{answers, comments, serviceId}; success by status". SPEC 5: "Survey
 * comment max 255 characters".
 */
export const SurveySubmitRequestSchema = z.object({
  answers: z.partialRecord(SurveyAnswerKeySchema, SurveyAnswerValueSchema),
  comments: z.string().check(z.maxLength(SURVEY_LIMITS.commentMaxLength)),
  serviceId: requiredText(64),
});
export type SurveySubmitRequest = z.infer<typeof SurveySubmitRequestSchema>;

/** Survey answer of the API: the service now has `surveys.answered` true. */
export const SurveySubmitResponseSchema = z.object({ answered: z.literal(true) });
