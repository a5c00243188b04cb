// The make and model pickers of the client form (decision 651): what the customer typed or the
// contract filled in, matched to the names of the vehicle catalogue (SPEC 7 getMake / getModel,
// decision 400).

/** A name reduced to its letters and digits, lower case, without accents ('CR-V' -> 'crv'). */
function catalogKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The catalogue name a make or model stands for, regardless of case, accents, spaces and hyphens
 * ('TOYOTA' -> 'Toyota', 'crv' -> 'CR-V'); null when blank or not in the catalogue (then it is the
 * customer's own, 'Other').
 */
export function catalogNameOf(value: string, names: readonly string[]): string | null {
  const key = catalogKey(value);
  if (key === '') return null;
  return names.find((name) => catalogKey(name) === key) ?? null;
}
