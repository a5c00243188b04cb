import { describe, expect, it } from 'vitest';
import { catalogNameOf } from './vehicle-catalog.ts';

const MAKES = ['Chevrolet', 'Citroën', 'Honda', 'Toyota'];
const MODELS = ['CR-V', 'Civic', 'HR-V', 'Grand Cherokee'];

describe('catalogNameOf (decision 651: a typed make or model on the catalogue pickers)', () => {
  it.each<[string, string, readonly string[], string | null]>([
    ['the same name', 'Toyota', MAKES, 'Toyota'],
    ['any case (a contract in capitals)', 'TOYOTA', MAKES, 'Toyota'],
    ['spaces around', '  honda ', MAKES, 'Honda'],
    ['without accents', 'citroen', MAKES, 'Citroën'],
    ['without the hyphen', 'crv', MODELS, 'CR-V'],
    ['spaces inside', 'grand  cherokee', MODELS, 'Grand Cherokee'],
    ['not in the catalogue: the customer’s own (Other)', 'Lada', MAKES, null],
    ['blank: nothing chosen', '  ', MAKES, null],
    ['a part of a name is not the name', 'Civ', MODELS, null],
  ])('%s: %j', (_case, value, names, expected) => {
    expect(catalogNameOf(value, names)).toBe(expected);
  });
});
