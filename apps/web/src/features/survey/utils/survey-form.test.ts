import { describe, expect, it } from 'vitest';
import type { SurveyQuestion } from '@auxilio/domain';
import { buildSurveyRequest, missingAnswers } from './survey-form.ts';

const QUESTIONS: Pick<SurveyQuestion, 'key' | 'type'>[] = [
  { key: 'provider', type: 'startRating' },
  { key: 'coordinator', type: 'startRating' },
  { key: 'providerSpeed', type: 'slider' },
  { key: 'arrivalTime', type: 'numericStepper' },
  { key: 'productExperience', type: 'textarea' },
];

describe('survey form (SPEC 5 survey limits, decision 310)', () => {
  it('star questions are required, the others optional', () => {
    expect(missingAnswers(QUESTIONS, {})).toEqual(['provider', 'coordinator']);
    expect(missingAnswers(QUESTIONS, { provider: 5 })).toEqual(['coordinator']);
    expect(missingAnswers(QUESTIONS, { provider: 5, coordinator: 1 })).toEqual([]);
  });

  it('sends answered questions only, trims text and drops empty text', () => {
    const body = buildSurveyRequest({
      questions: QUESTIONS,
      values: { provider: 5, coordinator: 4, arrivalTime: 0, productExperience: '   ' },
      comments: ' gracias ',
      serviceId: 'svc-1',
    });
    expect(body).toEqual({
      answers: { provider: 5, coordinator: 4, arrivalTime: 0 },
      comments: 'gracias',
      serviceId: 'svc-1',
    });
  });

  it.each([
    ['stars above 5', { provider: 6 }],
    ['stars below 1', { provider: 0 }],
    ['slider above 10', { providerSpeed: 11 }],
    ['a comment longer than 255', { productExperience: 'x'.repeat(256) }],
  ])('refuses %s', (_case, values) => {
    expect(() =>
      buildSurveyRequest({ questions: QUESTIONS, values, comments: '', serviceId: 'svc-1' }),
    ).toThrow(RangeError);
  });
});
