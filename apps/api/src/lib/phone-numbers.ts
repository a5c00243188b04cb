import { createRequire } from 'node:module';
import type { Branch } from '@auxilio/domain';
import type * as LibPhoneNumber from 'libphonenumber-js';

// Loaded with the first text to a customer, not at start: its numbering plans take about 0.1 s of
// a cold start.
let libPhoneNumber: typeof LibPhoneNumber | undefined;
const phoneNumbers = () =>
  (libPhoneNumber ??= createRequire(import.meta.url)('libphonenumber-js') as typeof LibPhoneNumber);

/**
 * A customer's phone in E.164 (what SMS providers take), read in the numbering plan of the
 * service's branch: "787-555-0100" in Puerto Rico is "+17875550100". Null when it is not a
 * possible number of that plan, so a text never goes to a foreign number typed into the form.
 */
export function customerPhoneE164(phone: string, branch: Branch): string | null {
  const { getCountryCallingCode, parsePhoneNumberFromString } = phoneNumbers();
  const parsed = parsePhoneNumberFromString(phone, branch);
  if (!parsed?.isPossible()) return null;
  return parsed.countryCallingCode === getCountryCallingCode(branch) ? parsed.number : null;
}
