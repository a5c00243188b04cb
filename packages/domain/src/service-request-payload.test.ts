import { describe, expect, it } from 'vitest';
import type { Brand } from './brand.ts';
import type { Account } from './contract/accounts.ts';
import {
  CLIENT_NOTES_PREFIX,
  ServiceRequestPayloadSchema,
  ServiceRequestResponseSchema,
  type ServiceRequestPayload,
} from './contract/service-request.ts';
import {
  buildClientNotes,
  clientNoteText,
  buildServiceRequestPayload,
  IncompleteRequestError,
} from './service-request-payload.ts';
import { INITIAL_SESSION, type Session } from './session.ts';
import { MAX_TOW_PASSENGERS } from './constants.ts';

const ACCOUNT_ID = '0123456789abcdef01234567';
const NOW = new Date('2026-11-21T15:00:00.000Z');
const UA = { userAgent: 'Mozilla/5.0', os: 'Android', browser: 'Chrome', device: 'mobile' };

const account: Pick<Account, '_id' | 'branch' | 'serviceFees' | 'config'> = {
  _id: ACCOUNT_ID,
  branch: 'PR',
  serviceFees: { flatTire: 4500, Plumbing: 6000 },
  config: {
    policyLimitVersion: 'V1',
    finishedScreenAfterService: false,
    surveyStepShownAsFinished: false,
    socialStepWhenFinished: false,
    legacyReceiptPreview: false,
    otherTileHelpText: null,
  },
};
const brand: Pick<Brand, 'slug' | 'vehicleLookup' | 'feesApply'> = {
  slug: 'demo',
  vehicleLookup: 'plate',
  feesApply: false,
};

const situation = {
  lat: 18.4,
  lng: -66.1,
  address: 'Calle Luna 5, San Juan',
  placeId: 'pl-1',
  prettyAddress: 'Calle Luna 5',
};

const roadSession: Session = {
  ...INITIAL_SESSION,
  brand: 'demo',
  accountId: ACCOUNT_ID,
  serviceId: 'svc-00000001',
  situation: 'flatTire',
  serviceType: { name: 'flatTire', category: 'road' },
  notes: 'Blue gate',
  clientForm: {
    ...INITIAL_SESSION.clientForm,
    fullName: 'Ana María Rivera',
    phone: '787-555-0100',
    plate: 'abc-123',
    year: '2020',
    make: 'Make',
    model: 'Model',
    color: 'Red',
    email: 'ana@example.com',
    privacyPolicyAcceptanceDate: '2026-11-21T14:59:00.000Z',
  },
  locations: { ...INITIAL_SESSION.locations, situation },
};

const road = (): ServiceRequestPayload =>
  buildServiceRequestPayload(roadSession, account, brand, NOW, UA);

describe('buildServiceRequestPayload (SPEC 3 "Service-request payload")', () => {
  it.each<[string, (p: ServiceRequestPayload) => unknown, unknown]>([
    ['SPEC 3: "status (Queued)"', (p) => p.status, 'Queued'],
    [
      'SPEC 3: "vehPlate (upper case)"; SPEC 5 "Plate hyphens are removed"',
      (p) => p.vehPlate,
      'ABC123',
    ],
    ['SPEC 3: "currency (usd)"', (p) => p.currency, 'usd'],
    ['SPEC 3: "isCovered (false)"', (p) => p.isCovered, false],
    ['SPEC 3: "fromConnectApp (true)"', (p) => p.fromConnectApp, true],
    [
      'SPEC 3: "Notes text begins \'From Client: \' and holds ... the notes"',
      (p) => p.notes,
      'From Client: Blue gate',
    ],
    ['SPEC 5: "Full name: first word is the first name"', (p) => p.clientName, 'Ana'],
    ['SPEC 5: "... the rest the last name"', (p) => p.clientLastName, 'María Rivera'],
    [
      'SPEC 5: "privacyPolicyAcceptanceDate is sent as an ISO string"',
      (p) => p.privacyPolicyAcceptanceDate,
      '2026-11-21T14:59:00.000Z',
    ],
    [
      'SPEC 3: "sitPlaceId (or sitReferenceAddress when there is no situation address)"',
      (p) => p.sitPlaceId,
      'pl-1',
    ],
    ['SPEC 3: "creationDate"', (p) => p.creationDate, NOW.toISOString()],
    [
      'SPEC 3: "sourceData (type, userAgent, os, browser, device, connectAppSource)"',
      (p) => p.sourceData,
      { type: 'pwa', ...UA, connectAppSource: null },
    ],
    [
      'SPEC 3: "schedule" empty means now (SPEC 3 Service "ISO date-time or empty")',
      (p) => p.schedule,
      '',
    ],
    [
      'SPEC 3: "isFromCheckLimit (true when the brand differs from the previous account)" (none)',
      (p) => p.isFromCheckLimit,
      false,
    ],
    [
      'SPEC 9: "Fees apply only to the \'connect\' brand or when the legacy receipt preview is on" (neither: 0)',
      (p) => p.price,
      0,
    ],
    [
      'SPEC 3: "priceDetails (home track: priceRate and serviceCost)" (road: none)',
      (p) => p.priceDetails,
      null,
    ],
    ['SPEC 3: destination only for a tow with coordinates', (p) => p.destLatitude, null],
  ])('%s', (_spec, read, expected) => {
    expect(read(road())).toEqual(expected);
  });

  it('builds a payload that its own schema accepts', () => {
    expect(ServiceRequestPayloadSchema.safeParse(road()).success).toBe(true);
  });

  it.each<
    [
      string,
      Partial<Session>,
      Partial<typeof brand>,
      (p: ServiceRequestPayload) => unknown,
      unknown,
    ]
  >([
    [
      'SPEC 3: "sitReferenceAddress when there is no situation address"',
      {
        locations: { ...INITIAL_SESSION.locations, situation: { ...situation, address: '' } },
        referenceAddress: {
          ...INITIAL_SESSION.referenceAddress,
          address1: 'Calle 2',
          city: 'Ponce',
        },
      },
      {},
      (p) => [p.sitPlaceId, p.sitReferenceAddress?.city],
      [undefined, 'Ponce'],
    ],
    [
      'SPEC 3: "isFromCheckLimit (true when the brand differs from the previous account)"',
      { previousAccount: { id: 'f'.repeat(24), brand: 'other' } },
      {},
      (p) => p.isFromCheckLimit,
      true,
    ],
    [
      'SPEC 3: "isFromCheckLimit" false when the previous account had the same brand',
      { previousAccount: { id: 'f'.repeat(24), brand: 'demo' } },
      {},
      (p) => p.isFromCheckLimit,
      false,
    ],
    [
      'SPEC 3: "DIDNumber (campaign name)"',
      {
        campaign: {
          name: 'PROMO1',
          account: ACCOUNT_ID,
          brand: 'demo',
          serviceTypes: [],
          active: true,
        },
      },
      {},
      (p) => p.DIDNumber,
      'PROMO1',
    ],
    [
      'SPEC 9: "Fees apply only to the \'connect\' brand": the situation fee',
      {},
      { feesApply: true },
      (p) => p.price,
      4500,
    ],
    [
      'SPEC 9: "for a surplus it uses the surplus amount"',
      { surplus: { amount: 1999, coveredAmount: 5000 } },
      {},
      (p) => p.price,
      1999,
    ],
    [
      'SPEC 5: "For the otium brand ... the plate is not normalized"; SPEC 3 "vehPlate (upper case)"',
      {},
      { vehicleLookup: 'policyNumber' },
      (p) => p.vehPlate,
      'ABC-123',
    ],
    [
      'SPEC 3: "externalId", "policyNumber" from the entry parameters',
      {
        userExternalParams: {
          ...INITIAL_SESSION.userExternalParams,
          identifier: 'EXT-9',
          policyNumber: 'POL-1',
        },
      },
      {},
      (p) => [p.externalId, p.policyNumber],
      ['EXT-9', 'POL-1'],
    ],
    [
      'SPEC 3: "destLatitude, destLongitude, destAddress, destPlaceId" for a tow destination',
      {
        situation: 'towBreakdown',
        locations: {
          ...INITIAL_SESSION.locations,
          situation,
          destination: {
            lat: 18.2,
            lng: -66.5,
            address: 'Taller',
            placeId: 'pl-2',
            prettyAddress: 'Taller',
          },
        },
      },
      {},
      (p) => [p.destLatitude, p.destLongitude, p.destAddress, p.destPlaceId],
      [18.2, -66.5, 'Taller', 'pl-2'],
    ],
  ])('%s', (_spec, sessionChanges, brandChanges, read, expected) => {
    const payload = buildServiceRequestPayload(
      { ...roadSession, ...sessionChanges },
      account,
      { ...brand, ...brandChanges },
      NOW,
      UA,
    );
    expect(read(payload)).toEqual(expected);
    expect(ServiceRequestPayloadSchema.safeParse(payload).success).toBe(true);
  });

  it('SPEC 3: "priceDetails (home track: priceRate and serviceCost)" and home notes', () => {
    const payload = buildServiceRequestPayload(
      {
        ...roadSession,
        currentTrack: 'home',
        situation: 'Plumbing',
        category: 'Plumbing',
        serviceType: { name: 'Plumbing', category: 'home' },
        homeNotes: {
          subService: 'Leak',
          availability: 'all_day',
          date: '2026-11-24',
          comments: '',
        },
        clientForm: { ...roadSession.clientForm, plate: '' },
      },
      account,
      { ...brand, feesApply: true },
      NOW,
      UA,
    );
    expect(payload).toMatchObject({
      category: 'home',
      subService: 'Leak',
      price: 6000,
      priceDetails: { priceRate: 6000, serviceCost: 6000 },
      notes: 'From Client: 11/24/2026 all day',
      homeVisit: { date: '2026-11-24', availability: 'all_day' },
      vehPlate: '',
    });
    expect(ServiceRequestPayloadSchema.safeParse(payload).success).toBe(true);
    // Decision 644: a home request without its visit day and window is refused.
    const { homeVisit: _visit, ...withoutVisit } = payload;
    expect(ServiceRequestPayloadSchema.safeParse(withoutVisit).error?.issues[0]?.path).toEqual([
      'homeVisit',
    ]);
    // A plumber asked for on the road track would skip the home rules.
    const asRoad = ServiceRequestPayloadSchema.safeParse({ ...payload, category: 'road' });
    expect(asRoad.error?.issues.map((issue) => issue.path)).toEqual([['category']]);
  });

  it('SPEC 3 "currency (usd)" is fixed on the wire, also in Costa Rica (decision 655)', () => {
    const build = (branch: 'PR' | 'CR') =>
      buildServiceRequestPayload(roadSession, { ...account, branch }, brand, NOW, UA).currency;
    expect(build('PR')).toBe('usd');
    // The server derives the colones of a Costa Rica service from its branch, not from this field.
    expect(build('CR')).toBe('usd');
  });

  it.each<[string, Partial<Session>, number | undefined]>([
    [
      'decision 650: a tow sends the passengers chosen on /services/tow (SPEC 3 Session "passengers")',
      {
        situation: 'towBreakdown',
        serviceType: { name: 'towBreakdown', category: 'road' },
        passengers: 3,
      },
      3,
    ],
    [
      'decision 650: every tow type, none is a count too',
      {
        situation: 'towCollision',
        serviceType: { name: 'towCollision', category: 'road' },
        passengers: 0,
      },
      0,
    ],
    [
      'decision 650: never above MAX_TOW_PASSENGERS (a session older than the bound)',
      { situation: 'towTire', serviceType: { name: 'towTire', category: 'road' }, passengers: 12 },
      MAX_TOW_PASSENGERS,
    ],
    [
      'decision 650: a service that is not a tow sends none, whatever the session holds',
      { passengers: 2 },
      undefined,
    ],
  ])('%s', (_spec, change, expected) => {
    const payload = buildServiceRequestPayload(
      { ...roadSession, ...change },
      account,
      brand,
      NOW,
      UA,
    );
    expect(payload.passengers).toBe(expected);
    expect('passengers' in payload).toBe(expected !== undefined);
    expect(ServiceRequestPayloadSchema.safeParse(payload).success).toBe(true);
  });

  it('refuses a session without a service id or situation', () => {
    expect(() =>
      buildServiceRequestPayload({ ...roadSession, serviceId: null }, account, brand, NOW, UA),
    ).toThrow(IncompleteRequestError);
    expect(() =>
      buildServiceRequestPayload({ ...roadSession, situation: null }, account, brand, NOW, UA),
    ).toThrow(IncompleteRequestError);
  });
});

describe('buildClientNotes (SPEC 3 notes)', () => {
  const homeNotes = { date: '2026-11-24', availability: 'morning' as const, comments: '' };
  it.each<[string, Parameters<typeof buildClientNotes>[0], string]>([
    [
      'SPEC 3: "Notes text begins \'From Client: \' and holds ... date plus availability (home type)"',
      { category: 'home', homeNotes, notes: 'ignored' },
      'From Client: 11/24/2026 morning',
    ],
    [
      'SPEC 5: "Date format MM/DD/YYYY" in home notes, comments after (decision 128)',
      { category: 'home', homeNotes: { ...homeNotes, comments: 'Kitchen sink' }, notes: '' },
      'From Client: 11/24/2026 morning. Kitchen sink',
    ],
    [
      'SPEC 3: "Notes text begins \'From Client: \' and holds ... the notes"',
      { category: 'road', homeNotes, notes: '  Near the bridge ' },
      'From Client: Near the bridge',
    ],
  ])('%s', (_spec, input, expected) => {
    expect(buildClientNotes(input)).toBe(expected);
    expect(buildClientNotes(input).startsWith(CLIENT_NOTES_PREFIX)).toBe(true);
  });
});

describe('ServiceRequestPayloadSchema answers with the failing field', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['serviceId required', { serviceId: undefined }, 'serviceId'],
    ['account_id is a 24-hex id', { account_id: 'nope' }, 'account_id'],
    ['SPEC 3 "status (Queued)"', { status: 'Active' }, 'status'],
    ['situation is a service type', { situation: 'teleport' }, 'situation'],
    ['clientName required', { clientName: '' }, 'clientName'],
    ['clientPhone1 is a phone', { clientPhone1: 'call me' }, 'clientPhone1'],
    ['clientEmail is an e-mail or empty', { clientEmail: 'not-mail' }, 'clientEmail'],
    ['SPEC 3 "vehPlate (upper case)"', { vehPlate: 'abc123' }, 'vehPlate'],
    ['vehYear is a number', { vehYear: '2020' }, 'vehYear'],
    ['sitLatitude is a number', { sitLatitude: '18.4' }, 'sitLatitude'],
    ['sitLatitude in range', { sitLatitude: 123 }, 'sitLatitude'],
    ['price is cents (integer)', { price: 12.5 }, 'price'],
    ['SPEC 3 "currency (usd)"', { currency: 'eur' }, 'currency'],
    ['SPEC 3 "isCovered (false)"', { isCovered: true }, 'isCovered'],
    ['SPEC 3 "fromConnectApp (true)"', { fromConnectApp: false }, 'fromConnectApp'],
    ['SPEC 3 "Notes text begins \'From Client: \'"', { notes: 'hello' }, 'notes'],
    ['notes bounded', { notes: `From Client: ${'x'.repeat(3000)}` }, 'notes'],
    [
      'SPEC 5 "privacyPolicyAcceptanceDate is sent as an ISO string"',
      { privacyPolicyAcceptanceDate: 'yesterday' },
      'privacyPolicyAcceptanceDate',
    ],
    ['schedule is ISO or empty', { schedule: 'tomorrow' }, 'schedule'],
    [
      'sourceData.userAgent bounded',
      { sourceData: { ...road().sourceData, userAgent: 'x'.repeat(600) } },
      'sourceData.userAgent',
    ],
    [
      'SPEC 3 "sitReferenceAddress when there is no situation address"',
      { sitAddress: '', sitReferenceAddress: undefined },
      'sitAddress',
    ],
    ['pushOptIn is a boolean', { pushOptIn: 'yes' }, 'pushOptIn'],
    [
      'decision 650: passengers only with a tow',
      { situation: 'flatTire', passengers: 1 },
      'passengers',
    ],
    [
      'SPEC 5 "Passenger count accepted only if 0 or more"',
      { situation: 'towBreakdown', passengers: -1 },
      'passengers',
    ],
    [
      'decision 650: at most MAX_TOW_PASSENGERS',
      { situation: 'towBreakdown', passengers: MAX_TOW_PASSENGERS + 1 },
      'passengers',
    ],
    ['passengers are whole', { situation: 'towBreakdown', passengers: 1.5 }, 'passengers'],
    ['passengers are a number', { situation: 'towBreakdown', passengers: '3' }, 'passengers'],
  ])('%s', (_name, change, path) => {
    const result = ServiceRequestPayloadSchema.safeParse({ ...road(), ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path);
  });

  it('accepts the towCollission alias as towCollision (SPEC 1 "also spelled towCollission")', () => {
    const parsed = ServiceRequestPayloadSchema.parse({ ...road(), situation: 'towCollission' });
    expect(parsed.situation).toBe('towCollision');
  });
});

describe('ServiceRequestResponseSchema (SPEC 7 "reads token and eventId (and serviceId)")', () => {
  it('parses a creation answer and rejects one without a token', () => {
    expect(
      ServiceRequestResponseSchema.safeParse({
        token: 't'.repeat(32),
        eventId: 'e1',
        serviceId: 's1',
      }).success,
    ).toBe(true);
    const bad = ServiceRequestResponseSchema.safeParse({ eventId: 'e1', serviceId: 's1' });
    expect(bad.error?.issues[0]?.path).toEqual(['token']);
  });
});

describe('clientNoteText (what a provider reads of the notes)', () => {
  it("drops SPEC 3's prefix and reads an empty note as none", () => {
    expect(clientNoteText('From Client: Llanta trasera izquierda')).toBe(
      'Llanta trasera izquierda',
    );
    expect(clientNoteText('From Client: ')).toBeNull();
    expect(clientNoteText(null)).toBeNull();
    expect(clientNoteText('Sin prefijo')).toBe('Sin prefijo');
  });
});
