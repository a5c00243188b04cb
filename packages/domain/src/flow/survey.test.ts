import { describe, expect, it } from 'vitest';
import { surveySubmitRoute } from './survey.ts';
import { makeBrand } from './test-fixtures.ts';

const noTips = makeBrand({ tipping: { allowed: false, branches: [], excludedServiceTypes: [] } });

describe('surveySubmitRoute (SPEC 4 "Survey submit")', () => {
  it.each([
    [
      'SPEC 4: "to /feedback for some brands"',
      makeBrand({ feedbackAfterSurvey: true }),
      5,
      '/feedback',
    ],
    [
      'SPEC 4: "otherwise to /tips when the provider rating is above 3 and tipping is allowed"',
      makeBrand(),
      4,
      '/tips',
    ],
    ['SPEC 4: "provider rating is above 3" (3 is not above 3)', makeBrand(), 3, '/social'],
    ['SPEC 4: "... and tipping is allowed, else /social"', noTips, 5, '/social'],
    ['SPEC 4: "else /social" (no provider rating asked)', makeBrand(), null, '/social'],
  ])('%s', (_spec, brand, providerRating, to) => {
    expect(
      surveySubmitRoute({ brand, providerRating, branch: 'PR', situation: 'flatTire' }),
    ).toEqual({
      kind: 'route',
      to,
    });
  });
});
