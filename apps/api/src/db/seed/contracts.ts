import {
  HOME_SERVICE_TYPES,
  memberIdOf,
  normalizePlate,
  type Branch,
  type Brand,
  type ServiceTypeName,
} from '@auxilio/domain';
import type { accounts, contracts, CoverageLimitJson, vehicles } from '../schema.ts';
import { localCents } from './accounts.ts';
import { asciiSlug, randomFullName, randomPhone, randomPlate } from './countries.ts';
import { SeededRandom, stableId } from './random.ts';
import { randomVehicle, randomVin } from './vehicle-catalog.ts';

type AccountRow = typeof accounts.$inferInsert;
type ContractRow = typeof contracts.$inferInsert;
type VehicleRow = typeof vehicles.$inferInsert;

/** The demo needs at least this many contracts in all, so every lookup case has rows. */
export const MIN_DEMO_CONTRACTS = 240;
/** And at least this many per member account, so each shows every demo case below. */
const MIN_CONTRACTS_PER_ACCOUNT = 8;

/**
 * Demo cases by position within an account's contracts, so every brand and branch can demo them:
 * 3 exhausted limits (exceed-limit flow), 4 low coverage (surplus flow), 5 expired, 6 inactive; the
 * rest are in good standing.
 */
const EXHAUSTED_SLOT = 3;
const LOW_COVERAGE_SLOT = 4;
/**
 * Amount covered per service of the low-coverage contracts, in US cents: below every road and home
 * fee of the demo accounts, so any covered situation leaves a surplus (decision 252).
 */
const LOW_COVERAGE_USD_CENTS = 2000;
const EXPIRED_SLOT = 5;
const INACTIVE_SLOT = 6;

/** Road services a demo contract covers, with their limits in US cents. */
const ROAD_COVERAGE: readonly {
  type: ServiceTypeName;
  maxEvents: number;
  usd: number;
  km?: number;
}[] = [
  { type: 'towBreakdown', maxEvents: 3, usd: 15000, km: 50 },
  { type: 'towTire', maxEvents: 2, usd: 15000, km: 50 },
  { type: 'towCollision', maxEvents: 2, usd: 20000, km: 80 },
  { type: 'towExtraction', maxEvents: 1, usd: 20000, km: 30 },
  { type: 'jumpStart', maxEvents: 3, usd: 7500 },
  { type: 'flatTire', maxEvents: 3, usd: 7500 },
  { type: 'locksmith', maxEvents: 2, usd: 9000 },
  { type: 'fuelDelivery', maxEvents: 2, usd: 7000 },
];

export interface DemoContracts {
  contracts: ContractRow[];
  vehicles: VehicleRow[];
}

/** Contracts with vehicles for every member account, spread evenly so the total reaches the minimum. */
export function buildContracts(
  accountRows: readonly AccountRow[],
  brands: readonly Brand[],
): DemoContracts {
  const brandBySlug = new Map(brands.map((brand) => [brand.slug, brand]));
  const members = accountRows.filter((account) => account.kind === 'member');
  const perAccount = Math.max(
    MIN_CONTRACTS_PER_ACCOUNT,
    Math.ceil(MIN_DEMO_CONTRACTS / Math.max(1, members.length)),
  );
  const used = {
    plates: new Set<string>(),
    memberIds: new Set<string>(),
    policies: new Set<string>(),
  };
  const result: DemoContracts = { contracts: [], vehicles: [] };
  for (const account of members) {
    const brand = brandBySlug.get(account.brand);
    for (let slot = 0; slot < perAccount; slot += 1) {
      addContract(result, account, brand, slot, used);
    }
  }
  return result;
}

/** Draws until the value is new, so searches by plate, member id or policy find one contract. */
function unique(seen: Set<string>, draw: () => string): string {
  let value = draw();
  while (seen.has(value)) value = draw();
  seen.add(value);
  return value;
}

function isoDay(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day, 4, 0, 0));
}

function addContract(
  out: DemoContracts,
  account: AccountRow,
  brand: Brand | undefined,
  slot: number,
  used: { plates: Set<string>; memberIds: Set<string>; policies: Set<string> },
): void {
  const id = stableId('contract', account.id, slot);
  // One random stream per contract: adding brands or contracts never changes existing ones.
  const random = new SeededRandom(`contract:${id}`);
  const branch = account.branch as Branch;
  const hasRoad = brand ? brand.tracks.includes('road') : true;
  const hasHome = brand ? brand.tracks.includes('home') || brand.homeOnDemand : false;

  const holderFullName = randomFullName(branch, random);
  const names = holderFullName.split(' ');
  const emailUser = asciiSlug(`${names[0] ?? 'cliente'} ${names.at(-2) ?? ''}`);
  // SPEC 9 "Member ids per country": the member id begins with its country's number.
  const memberId = unique(used.memberIds, () => `${memberIdOf(branch)}${random.digits(8)}`);
  const policyLine = hasRoad ? 'AU' : 'HO';
  const policyNumber = unique(used.policies, () => `${branch}-${policyLine}-${random.digits(7)}`);

  const startYear = random.int(2023, 2026);
  const startsAt = isoDay(startYear, random.int(1, 12), random.int(1, 28));
  const expired = slot === EXPIRED_SLOT;
  const expiresAt = expired
    ? isoDay(random.int(2024, 2025), random.int(1, 12), random.int(1, 28))
    : isoDay(random.int(2027, 2029), random.int(1, 12), random.int(1, 28));
  const exhausted = slot === EXHAUSTED_SLOT;
  const lowCoverage = slot === LOW_COVERAGE_SLOT;

  const coverageLimits: CoverageLimitJson[] = [];
  if (hasRoad) {
    for (const cover of ROAD_COVERAGE) {
      coverageLimits.push({
        serviceType: cover.type,
        maxEvents: cover.maxEvents,
        usedEvents: exhausted ? cover.maxEvents : random.int(0, cover.maxEvents - 1),
        maxAmount: localCents(branch, lowCoverage ? LOW_COVERAGE_USD_CENTS : cover.usd),
        maxDistanceKm: cover.km ?? null,
      });
    }
  }
  if (hasHome) {
    for (const type of HOME_SERVICE_TYPES) {
      coverageLimits.push({
        serviceType: type,
        maxEvents: 2,
        usedEvents: exhausted ? 2 : random.int(0, 1),
        maxAmount: localCents(branch, lowCoverage ? LOW_COVERAGE_USD_CENTS : 25000),
        maxDistanceKm: null,
      });
    }
  }

  out.contracts.push({
    id,
    accountId: account.id,
    branch,
    contractNumber: `C${branch}-${id.slice(0, 10).toUpperCase()}`,
    holderFullName,
    holderPhone: randomPhone(branch, random),
    holderEmail: `${emailUser}@correo.example`,
    memberId,
    policyNumber,
    active: slot !== INACTIVE_SLOT,
    startsAt,
    expiresAt,
    coverageLimits,
  });

  // Home-only brands cover a home, not a vehicle; every other contract has one or two vehicles.
  if (!hasRoad) return;
  const vehicleCount = random.chance(0.25) ? 2 : 1;
  for (let v = 0; v < vehicleCount; v += 1) {
    const vehicle = randomVehicle(branch, random);
    out.vehicles.push({
      id: stableId('vehicle', id, v),
      contractId: id,
      // SPEC 5: stored normalised (hyphens removed, upper case).
      plate: unique(used.plates, () => normalizePlate(randomPlate(branch, random))),
      ...vehicle,
      vin: random.chance(0.9) ? randomVin(vehicle.year, random) : '',
    });
  }
}
