import {
  ACCOUNT_KINDS,
  ALL_SERVICE_TYPE_NAMES,
  HOME_SERVICE_TYPES,
  RECEIPT_TAX_RATES,
  currencyOf,
  type AccountKind,
  type Branch,
  type Brand,
  type ServiceTypeName,
} from '@auxilio/domain';
import type { accounts, campaigns, integrations, ServiceFeesJson } from '../schema.ts';
import { COUNTRY_NAMES, TAX_LABELS, randomPhone } from './countries.ts';
import { SeededRandom, sha256Hex, stableId } from './random.ts';

type AccountRow = typeof accounts.$inferInsert;
type CampaignRow = typeof campaigns.$inferInsert;
type IntegrationRow = typeof integrations.$inferInsert;

/**
 * Id of the account of a brand, branch and kind: the first 24 hex characters of
 * sha256(`${brand}:${branch}:${kind}`). Other parts of the system and demo links rely on it.
 */
export function demoAccountId(brand: string, branch: Branch, kind: AccountKind): string {
  return sha256Hex(`${brand}:${branch}:${kind}`).slice(0, 24);
}

/** Fee in US cents per service type before the branch factor (SPEC 9: amounts in cents). */
const BASE_FEES_USD_CENTS: Readonly<Record<ServiceTypeName, number>> = {
  locksmith: 6500,
  flatTire: 5500,
  fuelDelivery: 5000,
  jumpStart: 5000,
  towBreakdown: 9500,
  towTire: 9500,
  towExtraction: 14500,
  towCollision: 12500,
  inspections: 4000,
  ambulance: 0,
  conductor_designado: 3500,
  coordinacion_reparacion_neumatico: 2500,
  asistencia_viajes_nacionales: 0,
  glass_replacement: 18000,
  taxi_to_airport: 4500,
  Plumbing: 8500,
  Handyman: 7500,
  Electricity: 8500,
  'Home Locksmith': 7000,
  Glassworks: 9500,
  'Fall Prevention': 12000,
  'Tech Assistance': 6000,
  'Pest Control': 11000,
};

/** Price level of a branch relative to Puerto Rico. */
const BRANCH_PRICE_FACTOR: Readonly<Record<Branch, number>> = {
  PR: 1,
  PA: 0.9,
  CR: 1,
  CO: 0.8,
  MX: 0.85,
};

/** Demo exchange rate for Costa Rica, whose amounts are in colones (SPEC 9 "currencies usd, crc"). */
const CRC_PER_USD = 510;

const BASE_MANAGEMENT_FEE_USD_CENTS = 500;

/** An amount given in US cents, in the branch's currency cents (colones rounded to ₡100). */
export function localCents(branch: Branch, usdCents: number): number {
  const cents = usdCents * BRANCH_PRICE_FACTOR[branch];
  if (currencyOf(branch) === 'crc') return Math.round((cents * CRC_PER_USD) / 10_000) * 10_000;
  return Math.round(cents / 50) * 50;
}

/** Road extras beyond the base tiles (SPEC 2: "Road tiles add extra services only if the account lists ..."). */
const ROAD_EXTRAS_BY_BRANCH: Readonly<Record<Branch, readonly ServiceTypeName[]>> = {
  PR: ['inspections', 'taxi_to_airport'],
  PA: ['inspections'],
  CR: ['coordinacion_reparacion_neumatico'],
  CO: ['conductor_designado', 'coordinacion_reparacion_neumatico'],
  MX: ['conductor_designado', 'asistencia_viajes_nacionales'],
};
const TOW_EXTRAS: readonly ServiceTypeName[] = ['towTire', 'towExtraction', 'towCollision'];
const VISITOR_HOME_SERVICES: readonly ServiceTypeName[] = [
  'Plumbing',
  'Handyman',
  'Electricity',
  'Home Locksmith',
  'Glassworks',
];
const VISITOR_PWA_HOME_SERVICES: readonly ServiceTypeName[] = [
  'Plumbing',
  'Electricity',
  'Home Locksmith',
];

/**
 * The accounts whose providers collect cash, so /payment offers it (decision 665): the connect
 * Visitors of Puerto Rico (with card and ATH Móvil) and Panama (with the card).
 */
const CASH_ACCOUNTS: readonly { brand: string; branch: Branch; kind: AccountKind }[] = [
  { brand: 'connect', branch: 'PR', kind: 'visitor' },
  { brand: 'connect', branch: 'PA', kind: 'visitor' },
];

const OTHER_TILE_HELP_TEXT =
  '¿No encuentra el servicio que necesita? Llámenos y un coordinador le ayudará.';

/** SMS sender name: letters and digits of the brand name, at most 11 (the usual sender-id limit). */
function smsNameOf(brand: Brand): string {
  const letters = brand.name
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase();
  return letters.slice(0, 11) || 'AUXILIO';
}

/** A 15-character Salesforce-style id ('001' is the account key prefix). */
function salesforceIdOf(brand: string, branch: Branch, kind: AccountKind): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  const hash = sha256Hex(`salesforce:${brand}:${branch}:${kind}`);
  let id = '001';
  for (let i = 0; i < 12; i += 1) {
    id += alphabet.charAt(Number.parseInt(hash.slice(i * 2, i * 2 + 2), 16) % alphabet.length);
  }
  return id;
}

/** A Member and a Visitor account for every brand and branch of the catalog (SPEC 1). */
export function buildAccounts(brands: readonly Brand[]): AccountRow[] {
  return brands.flatMap((brand) =>
    brand.branches.flatMap((branch) =>
      ACCOUNT_KINDS.map((kind) => buildAccount(brand, branch, kind)),
    ),
  );
}

function buildAccount(brand: Brand, branch: Branch, kind: AccountKind): AccountRow {
  const id = demoAccountId(brand.slug, branch, kind);
  const random = new SeededRandom(`account:${id}`);
  const member = kind === 'member';
  const hasHome = brand.tracks.includes('home') || brand.homeOnDemand;
  const hasRoad = brand.tracks.includes('road');

  const homeServicesAllowed = hasHome
    ? member
      ? [...HOME_SERVICE_TYPES]
      : [...VISITOR_HOME_SERVICES]
    : [];
  const pwaHomeServicesAllowed = hasHome
    ? member
      ? [...HOME_SERVICE_TYPES]
      : [...VISITOR_PWA_HOME_SERVICES]
    : [];
  const pwaRoadServicesAllowed: ServiceTypeName[] =
    hasRoad && member
      ? [
          ...TOW_EXTRAS,
          ...ROAD_EXTRAS_BY_BRANCH[branch],
          // Member-id brands (insurers' members) also cover glass.
          ...(brand.vehicleLookup === 'memberId' ? (['glass_replacement'] as const) : []),
        ]
      : [];

  // Visitors pay more than members; every service type has a fee so any tile can be priced.
  const markup = member ? 1 : 1.25;
  const serviceFees: ServiceFeesJson = Object.fromEntries(
    ALL_SERVICE_TYPE_NAMES.map((name) => [
      name,
      localCents(branch, Math.round(BASE_FEES_USD_CENTS[name] * markup)),
    ]),
  );

  // Per-account switches of SPEC 4, spread over the accounts by their (stable) random stream.
  const switches = [random.next(), random.next(), random.next(), random.next(), random.next()];
  return {
    id,
    name: `${brand.name} ${COUNTRY_NAMES[branch]} ${member ? 'Member' : 'Visitor'}`,
    smsName: smsNameOf(brand),
    branch,
    brand: brand.slug,
    kind,
    phone: brand.help.phones[branch] ?? randomPhone(branch, random),
    serviceCoordinationPhone: randomPhone(branch, random),
    salesforceId: salesforceIdOf(brand.slug, branch, kind),
    config: {
      policyLimitVersion: (switches[0] ?? 0) < 0.4 ? 'V2' : 'V1',
      finishedScreenAfterService: (switches[1] ?? 1) < 0.2,
      surveyStepShownAsFinished: (switches[2] ?? 1) < 0.2,
      socialStepWhenFinished: (switches[3] ?? 1) < 0.2,
      legacyReceiptPreview: !member && (switches[4] ?? 1) < 0.5,
      otherTileHelpText: hasHome ? (brand.otherTileHelpText ?? OTHER_TILE_HELP_TEXT) : null,
      cashPaymentAllowed: CASH_ACCOUNTS.some(
        (cash) => cash.brand === brand.slug && cash.branch === branch && cash.kind === kind,
      ),
    },
    managementFeeCents: localCents(branch, BASE_MANAGEMENT_FEE_USD_CENTS * (member ? 1 : 2)),
    serviceFees,
    taxLabel: TAX_LABELS[branch],
    taxRate: RECEIPT_TAX_RATES[branch],
    homeServicesAllowed,
    pwaHomeServicesAllowed,
    pwaRoadServicesAllowed,
  };
}

interface CampaignSeed {
  name: string;
  brand: string;
  branch: Branch;
  kind: AccountKind;
  serviceTypes: ServiceTypeName[];
  active: boolean;
}

/** Campaign names are DID numbers (SPEC 3: the campaign name is sent as DIDNumber). */
const CAMPAIGNS: readonly CampaignSeed[] = [
  {
    name: '7875550101',
    brand: 'connect',
    branch: 'PR',
    kind: 'member',
    serviceTypes: ['towBreakdown', 'jumpStart', 'flatTire', 'locksmith'],
    active: true,
  },
  {
    name: '5075550102',
    brand: 'connect',
    branch: 'PA',
    kind: 'visitor',
    serviceTypes: ['towBreakdown', 'fuelDelivery'],
    active: true,
  },
  {
    name: '50655500103',
    brand: 'pura-ruta',
    branch: 'CR',
    kind: 'member',
    serviceTypes: ['towBreakdown', 'flatTire', 'jumpStart'],
    active: true,
  },
  {
    name: '7875550121',
    brand: 'mmm',
    branch: 'PR',
    kind: 'member',
    serviceTypes: ['Plumbing', 'Electricity', 'Handyman'],
    active: true,
  },
  {
    name: '5255550104',
    brand: 'connect',
    branch: 'MX',
    kind: 'member',
    serviceTypes: ['towBreakdown', 'conductor_designado'],
    active: false,
  },
];

interface IntegrationSeed {
  brand: string;
  branch: Branch | '*';
  kind: AccountKind | '*';
  name: 'connect-app-service-creation' | 'connect-app-tracking';
  enabled: boolean;
  config: Record<string, unknown>;
}

const INTEGRATIONS: readonly IntegrationSeed[] = [
  // The connect app creates services itself: no contract search (SPEC 4 "connect brand or disabled
  // contract search goes to /clients").
  {
    brand: 'connect',
    branch: '*',
    kind: '*',
    name: 'connect-app-service-creation',
    enabled: true,
    config: { disableContractSearch: true, successRedirectUrl: null },
  },
  // The demo of a partner's success redirect (decision 630): a finished service of the connect
  // Visitor account in Puerto Rico goes back to the partner's page, which is on its allowed list.
  {
    brand: 'connect',
    branch: 'PR',
    kind: 'visitor',
    name: 'connect-app-tracking',
    enabled: true,
    config: {
      successRedirectUrl: 'https://connect-app.example/servicio-finalizado',
      allowedRedirectOrigins: ['https://connect-app.example'],
    },
  },
  {
    brand: 'cordillera-seguros',
    branch: 'CO',
    kind: 'member',
    name: 'connect-app-service-creation',
    enabled: true,
    // SPEC 7 service-requests: "may redirect to a configured success link".
    config: {
      disableContractSearch: true,
      successRedirectUrl: 'https://cordillera-seguros.example/solicitud-recibida',
      allowedRedirectOrigins: ['https://cordillera-seguros.example'],
    },
  },
  {
    brand: 'honda',
    branch: 'PR',
    kind: 'member',
    name: 'connect-app-service-creation',
    enabled: true,
    config: { disableContractSearch: false, successRedirectUrl: null },
  },
  {
    brand: 'mmm',
    branch: 'PR',
    kind: 'member',
    name: 'connect-app-tracking',
    enabled: false,
    config: { successRedirectUrl: null },
  },
];

/** The demo campaigns whose account exists in this catalog. */
export function buildCampaigns(accountRows: readonly AccountRow[]): CampaignRow[] {
  const ids = new Set(accountRows.map((row) => row.id));
  return CAMPAIGNS.flatMap((campaign) => {
    const accountId = demoAccountId(campaign.brand, campaign.branch, campaign.kind);
    if (!ids.has(accountId)) return [];
    return [
      {
        id: stableId('campaign', campaign.name),
        name: campaign.name,
        accountId,
        brand: campaign.brand,
        serviceTypes: campaign.serviceTypes,
        active: campaign.active,
      },
    ];
  });
}

/** The demo integrations of the accounts that exist in this catalog. */
export function buildIntegrations(accountRows: readonly AccountRow[]): IntegrationRow[] {
  return INTEGRATIONS.flatMap((integration) =>
    accountRows
      .filter(
        (account) =>
          account.brand === integration.brand &&
          (integration.branch === '*' || account.branch === integration.branch) &&
          (integration.kind === '*' || account.kind === integration.kind),
      )
      .map((account) => ({
        id: stableId('integration', account.id, integration.name),
        accountId: account.id,
        name: integration.name,
        enabled: integration.enabled,
        config: integration.config,
      })),
  );
}
