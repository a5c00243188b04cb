import { z } from 'zod/mini';
import { BRANCH_INFO } from './branches.ts';
import type { DevicePlatform } from './constants.ts';
import { BranchSchema, type Branch } from './enumerations.ts';
import { haversineMeters, type LatLng } from './geo.ts';

// SPEC 2 "/corporate/centers" (content not shown, decision 621): a corporate brand's service
// centres, kept as data in the brand's folder (packages/brands/brands/<slug>/centers.json).

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const WeekdaySchema = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof WeekdaySchema>;

/** 24-hour local time of the centre, 'HH:MM'. */
const ClockTimeSchema = z
  .string()
  .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected HH:MM (24 h)'));

/** One opening period: the same hours on each of `days` (local time of the centre's branch). */
export const OpeningHoursSchema = z
  .object({
    days: z.array(WeekdaySchema).check(z.minLength(1)),
    opens: ClockTimeSchema,
    closes: ClockTimeSchema,
  })
  .check(
    z.refine((hours) => hours.opens < hours.closes, {
      message: 'opens must be before closes',
      path: ['closes'],
    }),
  );
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

export const ServiceCenterSchema = z.object({
  /** Stable key within the brand (kebab-case). */
  id: z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)),
  name: z.string().check(z.minLength(1)),
  branch: BranchSchema,
  /** Street line, as a customer would type it into a maps app. */
  address: z.string().check(z.minLength(1)),
  city: z.string().check(z.minLength(1)),
  /** E.164, dialled from the card. */
  phone: z.string().check(z.regex(/^\+\d{8,15}$/)),
  location: z.object({
    lat: z.number().check(z.gte(-90), z.lte(90)),
    lng: z.number().check(z.gte(-180), z.lte(180)),
  }),
  hours: z.array(OpeningHoursSchema).check(z.minLength(1)),
});
export type ServiceCenter = z.infer<typeof ServiceCenterSchema>;

/** `centers.json` of a brand folder: at least one centre, ids unique. */
export const ServiceCentersFileSchema = z.object({
  centers: z.array(ServiceCenterSchema).check(
    z.minLength(1),
    z.refine((centers) => new Set(centers.map((c) => c.id)).size === centers.length, {
      message: 'centre ids must be unique',
    }),
  ),
});

/** `GET /brands/:slug/centers.json`: the brand's centres; empty for a brand without any. */
export const ServiceCenterListSchema = z.object({ centers: z.array(ServiceCenterSchema) });
export type ServiceCenterList = z.infer<typeof ServiceCenterListSchema>;

export interface RankedServiceCenter {
  center: ServiceCenter;
  /** Metres from the customer; null when the customer's position is unknown. */
  distanceMeters: number | null;
}

/**
 * The centres the customer sees: those of the branch when it has any (else all), nearest first when
 * the position is known, else in the brand's own order (decision 621).
 */
export function rankServiceCenters(input: {
  centers: readonly ServiceCenter[];
  branch: Branch | null;
  from: LatLng | null;
}): RankedServiceCenter[] {
  const inBranch = input.centers.filter((center) => center.branch === input.branch);
  const shown = inBranch.length > 0 ? inBranch : input.centers;
  const { from } = input;
  if (!from) return shown.map((center) => ({ center, distanceMeters: null }));
  return shown
    .map((center) => ({ center, distanceMeters: haversineMeters(from, center.location) }))
    .sort((a, b) => a.distanceMeters - b.distanceMeters);
}

/**
 * A link that opens the phone's maps app with directions to `to`: the `geo:` scheme on Android (the
 * system asks which maps app), Apple Maps on iOS, Google Maps on the web elsewhere.
 */
export function directionsUrl(to: LatLng & { label: string }, platform: DevicePlatform): string {
  const point = `${to.lat},${to.lng}`;
  if (platform === 'android') {
    return `geo:${point}?q=${point}(${encodeURIComponent(to.label)})`;
  }
  if (platform === 'ios') {
    return `https://maps.apple.com/?daddr=${point}&q=${encodeURIComponent(to.label)}`;
  }
  return `https://www.google.com/maps/dir/?api=1&destination=${point}`;
}

const WEEKDAY_OF_SHORT_NAME: Readonly<Record<string, Weekday>> = {
  Mon: 'mon',
  Tue: 'tue',
  Wed: 'wed',
  Thu: 'thu',
  Fri: 'fri',
  Sat: 'sat',
  Sun: 'sun',
};

/** Whether the centre is open at `now`, in the local time of its branch. */
export function isServiceCenterOpen(center: Pick<ServiceCenter, 'branch' | 'hours'>, now: Date) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: BRANCH_INFO[center.branch].timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = WEEKDAY_OF_SHORT_NAME[part('weekday')];
  const time = `${part('hour')}:${part('minute')}`;
  if (!day) return false;
  return center.hours.some((h) => h.days.includes(day) && h.opens <= time && time < h.closes);
}
