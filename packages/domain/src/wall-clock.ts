// The wall clock of an instant in an IANA time zone, and the device's own zone. A phone's first
// Intl date or number format loads its locale data, a tenth of a second on a slow phone in the
// middle of the tracking screen's first seconds; the platform's Temporal (where the browser has it)
// knows every zone without that data, so it answers first and Intl is the fallback.

/** Calendar and clock fields of an instant as a wall clock in some zone reads (month 1..12). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export type WallClockReader = (instant: Date, timeZone: string) => WallClock;

/** The part of the Temporal API read here (TC39 Temporal; Chromium 144+, Firefox 139+). */
export interface TemporalClockApi {
  Now: { timeZoneId(): string };
  Instant: {
    fromEpochMilliseconds(epochMilliseconds: number): {
      toZonedDateTimeISO(timeZone: string): WallClock;
    };
  };
}

/** Wall clocks read through Temporal. */
export function temporalWallClock(temporal: TemporalClockApi): WallClockReader {
  return (instant, timeZone) => {
    const { year, month, day, hour, minute, second } = temporal.Instant.fromEpochMilliseconds(
      instant.getTime(),
    ).toZonedDateTimeISO(timeZone);
    return { year, month, day, hour, minute, second };
  };
}

/** One formatter per zone: building one costs far more than using it, and screens ask every render. */
const intlFormats = new Map<string, Intl.DateTimeFormat>();

/** Wall clocks read through Intl, where the browser has no Temporal. */
export const intlWallClock: WallClockReader = (instant, timeZone) => {
  let format = intlFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    intlFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
};

/**
 * The platform's Temporal, looked up on first use: a browser builds its Temporal object the first
 * time a page reads it, which belongs in the task that needs it, not in the app's start.
 */
interface PlatformClock {
  temporal: TemporalClockApi | undefined;
  read: WallClockReader;
}
let platformClock: PlatformClock | undefined;
function platform(): PlatformClock {
  if (!platformClock) {
    const found = (globalThis as { Temporal?: Partial<TemporalClockApi> }).Temporal;
    // Only a Temporal with what is read here: a partial one (an old proposal's polyfill a partner's
    // page may load) would break the tracking screen; Intl is always there.
    const temporal =
      typeof found?.Now?.timeZoneId === 'function' &&
      typeof found.Instant?.fromEpochMilliseconds === 'function'
        ? (found as TemporalClockApi)
        : undefined;
    platformClock = { temporal, read: temporal ? temporalWallClock(temporal) : intlWallClock };
  }
  return platformClock;
}

/** The wall clock of an instant in an IANA zone (RangeError for a zone the platform does not know). */
export const wallClockIn: WallClockReader = (instant, timeZone) =>
  platform().read(instant, timeZone);

/** The IANA zone the device runs in, as the browser resolves it. */
export function platformTimeZone(): string {
  const { temporal } = platform();
  return temporal ? temporal.Now.timeZoneId() : Intl.DateTimeFormat().resolvedOptions().timeZone;
}
