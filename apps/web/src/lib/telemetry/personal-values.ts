import type { Session } from '@auxilio/domain';

// Decision 632: the customer's own values, which the telemetry scrubbers replace wherever they show
// up (an error message that quotes a name, a plate or an address).

/** Session parts that hold what the customer typed, was given or was told. */
const PERSONAL_PARTS = [
  'userExternalParams',
  'clientForm',
  'customerContract',
  'payment',
  'phoneNumber',
  'token',
  'memberSession',
  'locations',
  'referenceAddress',
  'homeNotes',
  'notes',
] as const satisfies readonly (keyof Session)[];

/**
 * Every string of five characters or more in those parts; names also word by word (three or more),
 * plates also without separators.
 */
export function personalValuesOf(session: Session): string[] {
  const values: string[] = [];
  const collect = (value: unknown, key: string): void => {
    if (typeof value === 'string') {
      // Short words (payment method 'card', a type 'road') are not personal and too common.
      if (value.trim().length >= 5) values.push(value);
      if (/name/i.test(key)) values.push(...value.split(/\s+/).filter((word) => word.length >= 3));
      if (/plate/i.test(key)) values.push(value.replace(/[\s-]/g, ''));
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) collect(item, key);
      return;
    }
    if (value !== null && typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) collect(item, name);
    }
  };
  for (const part of PERSONAL_PARTS) collect(session[part], part);
  return values;
}
