import type { Brand } from '../brand.ts';
import type { Account, Campaign } from '../contract/accounts.ts';
import {
  BASE_ROAD_SERVICE_TYPES,
  type ServiceType,
  type ServiceTypeName,
} from '../service-types.ts';
import type { Session } from '../session.ts';

// SPEC 2 "/services" tiles and SPEC 3 Session "serviceTypes (by name, sorted by label; a campaign may
// carry serviceTypes)".

/**
 * The service types of the session: the campaign's own list when it carries one, else all.
 * SPEC 3: "a campaign may carry serviceTypes".
 */
export function sessionServiceTypes(input: {
  all: readonly ServiceType[];
  campaign: Pick<Campaign, 'serviceTypes'> | null;
}): ServiceType[] {
  const names = input.campaign?.serviceTypes ?? [];
  if (names.length === 0) return [...input.all];
  return input.all.filter((type) => names.includes(type.name));
}

/**
 * Sorts service types by their shown label (SPEC 3 "sorted by label"); ties keep the name order.
 * `labelOf` is the translation of a type name in the current language.
 */
export function sortServiceTypesByLabel(
  types: readonly ServiceType[],
  labelOf: (name: ServiceTypeName) => string,
  locale = 'es',
): ServiceType[] {
  // Each label is translated once, not once per comparison, and compared by the language's collator.
  const collator = collatorOf(locale);
  const labelled = types.map((type) => ({ type, label: labelOf(type.name) }));
  labelled.sort(
    (a, b) => collator.compare(a.label, b.label) || a.type.name.localeCompare(b.type.name),
  );
  return labelled.map(({ type }) => type);
}

// A collator is slow to build on a phone (tens of milliseconds the first time): one per language.
const collators = new Map<string, Intl.Collator>();
function collatorOf(locale: string): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { sensitivity: 'base' });
    collators.set(locale, collator);
  }
  return collator;
}

/**
 * The tiles of /services. SPEC 2: "road tiles or home tiles by current track. Home tiles show only
 * categories allowed for the account. Road tiles add extra services only if the account lists road
 * services allowed in the app." The claims track shows the road tiles (it is a road product).
 */
export function serviceTiles(input: {
  track: Session['currentTrack'];
  serviceTypes: readonly ServiceType[];
  account: Pick<Account, 'pwaHomeServicesAllowed' | 'pwaRoadServicesAllowed'>;
}): ServiceType[] {
  const { account } = input;
  if (input.track === 'home') {
    return input.serviceTypes.filter(
      (type) => type.category === 'home' && account.pwaHomeServicesAllowed.includes(type.name),
    );
  }
  const base: readonly ServiceTypeName[] = BASE_ROAD_SERVICE_TYPES;
  return input.serviceTypes.filter(
    (type) =>
      type.category === 'road' &&
      (base.includes(type.name) || account.pwaRoadServicesAllowed.includes(type.name)),
  );
}

/**
 * The help text of the Other tile, or null when the tile is hidden. SPEC 2: "An optional Other tile
 * (home track, only when a help text is configured) opens a help modal." The account's text wins
 * over the brand's.
 */
export function otherTileHelpText(input: {
  track: Session['currentTrack'];
  account: { config: Pick<Account['config'], 'otherTileHelpText'> } | null;
  brand: Pick<Brand, 'otherTileHelpText'> | null;
}): string | null {
  if (input.track !== 'home') return null;
  const text = input.account?.config.otherTileHelpText ?? input.brand?.otherTileHelpText ?? null;
  return text?.trim() ? text : null;
}

/**
 * SPEC 2: "Continue is disabled until a category (home) or situation (road) is chosen."
 */
export function canContinueFromServices(
  session: Pick<Session, 'currentTrack' | 'category' | 'situation'>,
): boolean {
  return session.currentTrack === 'home' ? session.category !== null : session.situation !== null;
}
