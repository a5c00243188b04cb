import type {
  SurveyAnswerKey,
  SurveyAnswerValue,
  SurveyQuestion,
  SurveySubmitRequest,
} from './contract/survey.ts';
import { isValidSurveyValue } from './validation.ts';

// SPEC 5 and SPEC 4 rules about survey answers, over the wire schemas of contract/survey.ts.

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
