import { useEffect, useState } from 'react';

// The one way a screen shows a phone number (formatPhoneForDisplay of phone-format.ts), loaded on
// demand: libphonenumber-js and its metadata are a few dozen KiB that no first screen needs, so they
// are fetched when a number is first shown (an open Help dialog, the centres list, a call drawer).
// Until then, and if the chunk cannot load on a weak signal, the E.164 number itself is shown.

type Formatter = (phone: string, country: string | null) => string;

let formatter: Formatter | null = null;
let loading: Promise<Formatter> | null = null;

/** Loads the formatter once; later calls share the same promise. */
export function loadPhoneFormatter(): Promise<Formatter> {
  loading ??= import('./phone-format.ts').then(
    (module) => (formatter = module.formatPhoneForDisplay),
    (error: unknown) => {
      // A later number tries again (the next Help dialog, the next screen).
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * `phone` (E.164) as the screen shows it for a customer served in `country` (a branch code such as
 * 'PR'); null while there is no number to show, which loads nothing.
 */
export function usePhoneDisplay(phone: string | null, country: string | null): string | null {
  const [, setLoaded] = useState(formatter !== null);
  useEffect(() => {
    if (phone === null || formatter !== null) return;
    let current = true;
    loadPhoneFormatter().then(
      () => {
        if (current) setLoaded(true);
      },
      (error: unknown) => {
        console.warn('[phone] formatter not loaded; showing the number as stored', error);
      },
    );
    return () => {
      current = false;
    };
  }, [phone]);
  if (phone === null) return null;
  return formatter ? formatter(phone, country) : phone;
}
