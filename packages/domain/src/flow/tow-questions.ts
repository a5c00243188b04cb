import {
  isTowServiceType,
  TOW_SERVICE_TYPES,
  type ServiceType,
  type ServiceTypeName,
} from '../service-types.ts';

// SPEC 2 "/services/tow ... then continue to /services/tow/questions", SPEC 3 Session "answers
// (indices of selected options)" and SPEC 9 "Tow subtypes: tire, extraction, collision"
// (decision 271): the tiles show one tow tile; the question on /services/tow/questions picks the
// subtype among those the account allows.

export type TowServiceType = (typeof TOW_SERVICE_TYPES)[number];

/**
 * The tiles with the tow family folded into one tile: the first allowed tow type (towBreakdown for
 * every account) stands for all of them, at the place of the first one.
 */
export function foldTowTiles(tiles: readonly ServiceType[]): ServiceType[] {
  let towShown = false;
  return tiles.filter((tile) => {
    if (!isTowServiceType(tile.name)) return true;
    if (towShown) return false;
    towShown = true;
    return true;
  });
}

/** The tow subtypes the account allows, in SPEC order (the options of the tow question). */
export function towOptions(tiles: readonly ServiceType[]): TowServiceType[] {
  const allowed = new Set<ServiceTypeName>(tiles.map((tile) => tile.name));
  return TOW_SERVICE_TYPES.filter((type) => allowed.has(type));
}

/**
 * SPEC 3 "answers (indices of selected options)": the answer of the tow question is the index of
 * the subtype in TOW_SERVICE_TYPES, so an index means the same whatever the account allows.
 */
export function towAnswers(type: TowServiceType): number[] {
  return [TOW_SERVICE_TYPES.indexOf(type)];
}

/** The subtype a stored answer names, or null (no answer yet, or an index out of range). */
export function towTypeOfAnswers(answers: readonly number[]): TowServiceType | null {
  const index = answers[0];
  return index === undefined ? null : (TOW_SERVICE_TYPES[index] ?? null);
}
