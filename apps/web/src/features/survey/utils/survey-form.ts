import {
  findInvalidSurveyAnswer,
  SURVEY_LIMITS,
  type SurveyAnswerKey,
  type SurveyAnswerValue,
  type SurveyQuestion,
  type SurveySubmitRequest,
} from '@auxilio/domain';

/** What the customer has entered so far; a missing key is an unanswered question. */
export type SurveyValues = Partial<Record<SurveyAnswerKey, SurveyAnswerValue>>;

/**
 * True when a question must be answered before Confirm. Star ratings are required: the provider's
 * stars decide the tip offer (SPEC 4 "provider rating is above 3") and SPEC 5 allows only 1 to 5,
 * so "no stars" is not an answer. The other types are optional (decision 310).
 */
export function isRequiredQuestion(question: Pick<SurveyQuestion, 'type'>): boolean {
  return question.type === 'startRating';
}

/** Keys of required questions still unanswered, in the brand's order. */
export function missingAnswers(
  questions: readonly Pick<SurveyQuestion, 'key' | 'type'>[],
  values: SurveyValues,
): SurveyAnswerKey[] {
  return questions
    .filter((question) => isRequiredQuestion(question) && values[question.key] === undefined)
    .map((question) => question.key);
}

/** True when the brand asks a free-text question (then it is the comment; decision 310). */
export function hasTextQuestion(questions: readonly Pick<SurveyQuestion, 'type'>[]): boolean {
  return questions.some((question) => question.type === 'textarea');
}

/**
 * The `POST /surveys` body (SPEC 7 "{answers, comments, serviceId}"): answered questions only,
 * trimmed texts, empty texts left out. Throws when an answer breaks SPEC 5's limits, which the
 * inputs already prevent (the server checks the same rule).
 */
export function buildSurveyRequest(input: {
  questions: readonly Pick<SurveyQuestion, 'key' | 'type'>[];
  values: SurveyValues;
  comments: string;
  serviceId: string;
}): SurveySubmitRequest {
  const answers: SurveySubmitRequest['answers'] = {};
  for (const question of input.questions) {
    const value = input.values[question.key];
    if (value === undefined) continue;
    const clean = typeof value === 'string' ? value.trim() : value;
    if (clean === '') continue;
    answers[question.key] = clean;
  }
  const invalid = findInvalidSurveyAnswer(answers, input.questions);
  if (invalid) throw new RangeError(`Survey answer '${invalid}' is out of range`);
  return {
    answers,
    comments: input.comments.trim().slice(0, SURVEY_LIMITS.commentMaxLength),
    serviceId: input.serviceId,
  };
}
