import { describe, expect, it } from 'vitest';
import type { Brand } from '../brand.ts';
import { trackingAnimationSteps } from './tracking-animation.ts';
import { makeAccountConfig, makeBrand, makeService } from './test-fixtures.ts';

const accepted = { status: 'ACCEPTED' as const, stamps: {}, simulatedEta: null };
const tipping = (t: Partial<Brand['tipping']>) =>
  makeBrand({ tipping: { allowed: true, branches: [], excludedServiceTypes: [], ...t } });

describe('trackingAnimationSteps (SPEC 4 tracking animation)', () => {
  it.each([
    {
      spec: 'SPEC 4: "While Accepted, animation cycles ... (map, evaluation reminder, tip reminder)"',
      service: makeService({ trip: accepted }),
      brand: tipping({}),
      config: makeAccountConfig(),
      expected: ['map', 'survey', 'tip'],
    },
    {
      spec: 'SPEC 4: "the tip step is skipped when tipping is not allowed for the brand"',
      service: makeService({ trip: accepted }),
      brand: tipping({ allowed: false }),
      config: makeAccountConfig(),
      expected: ['map', 'survey'],
    },
    {
      spec: 'SPEC 4: "the tip step is skipped when tipping is not allowed for the ... branch"',
      service: makeService({ trip: accepted, branch: 'CO' }),
      brand: tipping({ branches: ['PR'] }),
      config: makeAccountConfig(),
      expected: ['map', 'survey'],
    },
    {
      spec: 'SPEC 4: "the tip step is skipped when tipping is not allowed for the ... type"',
      service: makeService({ trip: accepted, situation: 'towBreakdown' }),
      brand: tipping({ excludedServiceTypes: ['towBreakdown'] }),
      config: makeAccountConfig(),
      expected: ['map', 'survey'],
    },
    {
      spec: "SPEC 4: \"For some accounts the step 'survey' is shown as 'finished'\"",
      service: makeService({ trip: accepted }),
      brand: tipping({ allowed: false }),
      config: makeAccountConfig({ surveyStepShownAsFinished: true }),
      expected: ['map', 'finished'],
    },
    {
      spec: 'SPEC 4: "for some accounts whose service is Finished the step becomes \'social\'"',
      service: makeService({ trip: accepted, status: 'Finished' }),
      brand: tipping({ allowed: false }),
      config: makeAccountConfig({ socialStepWhenFinished: true, surveyStepShownAsFinished: true }),
      expected: ['map', 'social'],
    },
    {
      spec: 'SPEC 4: "... whose service is Finished the step becomes \'social\'" (not finished: survey)',
      service: makeService({ trip: accepted, status: 'Active' }),
      brand: tipping({ allowed: false }),
      config: makeAccountConfig({ socialStepWhenFinished: true }),
      expected: ['map', 'survey'],
    },
    {
      spec: 'SPEC 4: "While Accepted, animation cycles" (on route: only the map)',
      service: makeService(),
      brand: tipping({}),
      config: makeAccountConfig(),
      expected: ['map'],
    },
  ])('$spec', ({ service, brand, config, expected }) => {
    expect(trackingAnimationSteps({ service, brand, accountConfig: config })).toEqual(expected);
  });
});
