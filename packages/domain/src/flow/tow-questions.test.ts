import { describe, expect, it } from 'vitest';
import { SERVICE_TYPES, type ServiceType } from '../service-types.ts';
import { foldTowTiles, towAnswers, towOptions, towTypeOfAnswers } from './tow-questions.ts';

const road = (names: string[]): ServiceType[] =>
  SERVICE_TYPES.filter((type) => names.includes(type.name));

describe('tow tiles and the tow question (SPEC 9 "Tow subtypes: tire, extraction, collision")', () => {
  const member = road(['locksmith', 'towBreakdown', 'towTire', 'towCollision', 'ambulance']);

  it('shows one tow tile in place of the tow family', () => {
    expect(foldTowTiles(member).map((t) => t.name)).toEqual([
      'locksmith',
      'towBreakdown',
      'ambulance',
    ]);
  });

  it('offers the subtypes the account allows, in SPEC order', () => {
    expect(towOptions(member)).toEqual(['towBreakdown', 'towTire', 'towCollision']);
    expect(towOptions(road(['towBreakdown', 'flatTire']))).toEqual(['towBreakdown']);
  });

  it('SPEC 3 "answers (indices of selected options)": the index in the tow family', () => {
    expect(towAnswers('towCollision')).toEqual([3]);
    expect(towTypeOfAnswers([3])).toBe('towCollision');
    expect(towTypeOfAnswers([])).toBeNull();
    expect(towTypeOfAnswers([9])).toBeNull();
  });
});
