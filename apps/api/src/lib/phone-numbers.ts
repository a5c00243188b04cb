import { getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Branch } from '@auxilio/domain';

/**
 * A customer's phone in E.164 (what SMS providers take), read in the numbering plan of the
 * service's branch: "787-555-0100" in Puerto Rico is "+17875550100". Null when it is not a
 * possible number of that plan, so a text never goes to a foreign number typed into the form.
 */
export function customerPhoneE164(phone: string, branch: Branch): string | null {
  const parsed = parsePhoneNumberFromString(phone, branch);
  if (!parsed?.isPossible()) return null;
  return parsed.countryCallingCode === getCountryCallingCode(branch) ? parsed.number : null;
}
