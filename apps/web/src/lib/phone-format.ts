import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

// Phone numbers as people read them (decision 742: never a raw "+17875550100"). Numbers
// are kept and dialled in E.164 (`tel:` links, the API); only the text on the screen is formatted,
// with libphonenumber-js, Google's libphonenumber rules kept up to date as a small JS library. Its
// `min` metadata (formats without the number-type patterns) is all display needs. This module is
// loaded on demand through phone-display.ts: no first screen shows a phone number.

/** Non-breaking space and hyphen: a number never wraps across two lines of a 360 px screen. */
const NO_BREAK: Readonly<Record<string, string>> = { ' ': '\u00a0', '-': '\u2011' };

/**
 * A phone number for display: in the national format when it belongs to `country` (the country
 * the customer is served in: "(787) 555-0100" in Puerto Rico, "6123-4567" in Panama), else in the
 * international format ("+507 6123 4567" seen from Puerto Rico). `phone` is E.164, or national
 * digits of `country`. Text that is not a possible number comes back as it was given.
 */
export function formatPhoneForDisplay(phone: string, country: string | null = null): string {
  const region = (country ?? undefined) as CountryCode | undefined;
  const parsed = parsePhoneNumberFromString(phone, region);
  if (!parsed?.isPossible()) return phone;
  const text =
    region !== undefined && parsed.country === region
      ? parsed.formatNational()
      : parsed.formatInternational();
  return text.replace(/[ -]/g, (char) => NO_BREAK[char] ?? char);
}
