import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { INITIAL_SESSION } from '../session.ts';
import { HoldEditCancelRequestSchema, CancellationEmailRequestSchema } from './cancel.ts';
import {
  ContractSearchQuerySchema,
  CustomerContractSchema,
  VehicleServicesQuerySchema,
} from './customer-contracts.ts';
import {
  buildSuggestionCall,
  CreateCustomerRequestSchema,
  SuggestionCallSchema,
  SuggestionResponseSchema,
} from './dispatch.ts';
import {
  AddNoteRequestSchema,
  buildDriverSms,
  DriverSchema,
  DriverSmsRequestSchema,
  DriverSmsResponseSchema,
  driverIdOf,
  hasRealDriver,
} from './drivers.ts';
import { CustomerFeeQuerySchema, CustomerFeeResponseSchema } from './fees.ts';
import { buildFailedGeotextResponse, GeotextResponseRequestSchema } from './geotext.ts';
import { LimitCheckRequestSchema, LimitCheckResponseSchema } from './limit-check.ts';
import { buildLimitCheckRequest } from '../limit-check.ts';
import {
  buildGetAddressRequest,
  GetAddressRequestSchema,
  LocationUpdateSchema,
} from './locations.ts';
import { ServiceSchema } from './service.ts';
import {
  ConfirmDataResponseSchema,
  PushOptInRequestSchema,
  SituationSpecificationRequestSchema,
} from './service-updates.ts';
import {
  buildTokenExchangeRequest,
  TokenExchangeRequestSchema,
  TokenExchangeResponseSchema,
} from './sign-in.ts';
import { GenerateDownloadUrlRequestSchema, GenerateDownloadUrlResponseSchema } from './storage.ts';
import { findInvalidSurveyAnswer, providerRatingOf } from '../survey-answers.ts';
import { SurveySubmitRequestSchema } from './survey.ts';
import { TipRequestSchema } from './tips.ts';
import { buildTipRequest } from '../flow/tipping.ts';

const ACCOUNT_ID = '0123456789abcdef01234567';

/** Paths of the issues a schema reports for a value. */
function failingPaths(schema: z.ZodMiniType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
}

const limitCheck = buildLimitCheckRequest({
  branch: 'PR',
  situation: 'towBreakdown',
  customerContractId: 'contract-1',
  managementFee: 500,
  situationFee: 7500,
  sfIdAccount: 'sf-acc',
  accountSfId: 'sf-branch',
  plate: 'ABC123',
});

describe('contract builders quote SPEC 3 and 7', () => {
  it.each<[string, () => unknown, unknown]>([
    [
      'SPEC 3 limit check: "providerDistance (null)"',
      () => limitCheck.serviceData.providerDistance,
      null,
    ],
    ['SPEC 3 limit check: "distance (null)"', () => limitCheck.serviceData.distance, null],
    [
      'SPEC 3 limit check: "providerCosts {serviceCost 0}" (SPEC 9 "fixed at 0")',
      () => limitCheck.serviceData.customerFeeParams.providerCosts,
      { serviceCost: 0 },
    ],
    [
      'SPEC 3 limit check: "fees (management fee and the situation fee)"',
      () => limitCheck.serviceData.customerFeeParams.fees,
      { managementFee: 500, situationFee: 7500 },
    ],
    [
      'SPEC 3 limit check: "accountSfId (salesforce id of the branch)"',
      () => limitCheck.accountSfId,
      'sf-branch',
    ],
    [
      'SPEC 7 SMS: "message (prefixed \'No Reply: #{serviceNumber}: ...\')"',
      () =>
        buildDriverSms({
          text: 'Estoy en el portón',
          serviceNumber: '1001',
          phone: '7875550100',
          branch: 'PR',
        }).message,
      'No Reply: #1001: Estoy en el portón',
    ],
    [
      'SPEC 7 SMS: the prefix is not added twice',
      () =>
        buildDriverSms({
          text: 'No Reply: #1001: hola',
          serviceNumber: '1001',
          phone: '1',
          branch: 'PR',
        }).message,
      'No Reply: #1001: hola',
    ],
    [
      'SPEC 7 getAddress: "{coords as \'lat,lng\'}"',
      () => buildGetAddressRequest(18.42139, -66.073795),
      { coords: '18.42139,-66.073795' },
    ],
    [
      'SPEC 7 token: "grant_type authorization_code, client_id, redirect_uri, code_verifier, code"',
      () =>
        buildTokenExchangeRequest({
          clientId: 'c',
          redirectUri: 'https://a.example/cb',
          codeVerifier: 'v',
          code: 'k',
        }),
      {
        grant_type: 'authorization_code',
        client_id: 'c',
        redirect_uri: 'https://a.example/cb',
        code_verifier: 'v',
        code: 'k',
      },
    ],
    [
      'SPEC 8: "Geotext location error: Failed response sent to the server"',
      () => buildFailedGeotextResponse('room-1', '7875550100'),
      {
        lat: null,
        lng: null,
        address: '',
        roomId: 'room-1',
        phoneNumber: '7875550100',
        success: false,
      },
    ],
    [
      'SPEC 9: "Branch for suggestions is fixed as Puerto Rico"',
      () =>
        buildSuggestionCall({
          account: ACCOUNT_ID,
          situation: 'jumpStart',
          situationPoint: { lat: 9.93, lng: -84.08, address: 'San José' },
          destinationPoint: { lat: 0, lng: 0, address: '' },
        }).request.branch,
      'PR',
    ],
    [
      'SPEC 3 suggestion: "route {situation and destination each with latitude, longitude, address}"',
      () =>
        buildSuggestionCall({
          account: ACCOUNT_ID,
          situation: 'towBreakdown',
          situationPoint: { lat: 18.4, lng: -66.1, address: 'A' },
          destinationPoint: { lat: 18.2, lng: -66.5, address: 'B' },
        }).request.route,
      {
        situation: { latitude: 18.4, longitude: -66.1, address: 'A' },
        destination: { latitude: 18.2, longitude: -66.5, address: 'B' },
      },
    ],
    [
      'SPEC 3 "tipAmount (default 3)" in currency units; SPEC 9 "Amounts are in cents"',
      () =>
        buildTipRequest(
          { serviceId: 'svc-1', payment: { ...INITIAL_SESSION.payment, tipPaymentType: 'cash' } },
          'usd',
        )?.amount,
      300,
    ],
    ['SPEC 3 Driver: "_id or id"', () => driverIdOf({ id: 'd-7' }), 'd-7'],
    ['SPEC 4 "a real driver exists": a driver without id is none', () => hasRealDriver({}), false],
    [
      'SPEC 4 survey submit: the provider rating decides the tip offer (V2 variant too)',
      () => providerRatingOf({ providerV2: 5 }),
      5,
    ],
  ])('%s', (_spec, run, expected) => {
    expect(run()).toEqual(expected);
  });
});

describe('valid payloads parse', () => {
  it.each<[string, z.ZodMiniType, unknown]>([
    ['limit-check request', LimitCheckRequestSchema, limitCheck],
    [
      'limit-check response (SPEC 3 "nested data.data ... yields surplus")',
      LimitCheckResponseSchema,
      {
        data: {
          checkLimit: false,
          setOnDemand: false,
          contractPlate: 'ABC123',
          surplus: { amount: 100, coveredAmount: null },
          messages: [],
        },
      },
    ],
    [
      'SMS to driver',
      DriverSmsRequestSchema,
      buildDriverSms({ text: 'hola', serviceNumber: '1001', phone: '7875550100', branch: 'PR' }),
    ],
    [
      'SMS answer (SPEC 7 "success when data.status is true")',
      DriverSmsResponseSchema,
      { status: true },
    ],
    [
      'addNote',
      AddNoteRequestSchema,
      { serviceId: 'svc-1', body: 'Portón azul', employeeId: null, identifyUserByEmail: null },
    ],
    [
      'survey',
      SurveySubmitRequestSchema,
      {
        answers: { provider: 5, recommendationScoreV2: 9, providerVest: true },
        comments: 'Bien',
        serviceId: 'svc-1',
      },
    ],
    [
      'tip',
      TipRequestSchema,
      {
        serviceId: 'svc-1',
        amount: 300,
        currency: 'usd',
        paymentMethod: 'cash',
        cardIdStripe: null,
        chargeIdStripe: null,
        customerIdStripe: null,
      },
    ],
    [
      'geotext response',
      GeotextResponseRequestSchema,
      {
        lat: 18.4,
        lng: -66.1,
        address: 'Calle 1',
        roomId: 'room-1',
        phoneNumber: '7875550100',
        success: true,
      },
    ],
    [
      'geotext failed response',
      GeotextResponseRequestSchema,
      buildFailedGeotextResponse('room-1', '7875550100'),
    ],
    [
      'location update',
      LocationUpdateSchema,
      {
        situationAddress: 'Calle 1',
        lat: 18.4,
        lng: -66.1,
        address: 'Calle 1',
        placeId: 'p',
        accuracy: 12,
      },
    ],
    ['getAddress', GetAddressRequestSchema, { coords: '18.4,-66.1' }],
    [
      'token exchange',
      TokenExchangeRequestSchema,
      buildTokenExchangeRequest({
        clientId: 'c',
        redirectUri: 'https://a.example/cb',
        codeVerifier: 'a'.repeat(56),
        code: 'k',
      }),
    ],
    [
      'token answer (SPEC 7 "reads data.userInfo")',
      TokenExchangeResponseSchema,
      {
        userInfo: { firstname: 'Ana', lastname: 'Rivera', cardnumber: 'C-1' },
        memberSession: { token: 'a'.repeat(40), expiresAt: '2026-11-25T15:00:00.000Z' },
      },
    ],
    ['download url', GenerateDownloadUrlRequestSchema, { url: 'uploads/a.jpg' }],
    [
      'download url answer (SPEC 7 "with signedUrl")',
      GenerateDownloadUrlResponseSchema,
      { signedUrl: '/storage/files/a.jpg?sig=1' },
    ],
    [
      'fees query (strings from a query string)',
      CustomerFeeQuerySchema,
      { branch: 'PR', situation: 'towBreakdown', distance: '12.5', accountId: ACCOUNT_ID },
    ],
    [
      'fees answer (SPEC 7 "returns a number in data.data")',
      CustomerFeeResponseSchema,
      { data: 4500 },
    ],
    [
      'holdEdit cancel',
      HoldEditCancelRequestSchema,
      {
        _id: 'svc-1',
        status: 'Void',
        home: '',
        schedule: '',
        cancellationNotes: '',
        specificCancellationReason: 'Continué por teléfono',
      },
    ],
    [
      'cancellation e-mail',
      CancellationEmailRequestSchema,
      {
        account_id: ACCOUNT_ID,
        reason: 'No necesito servicio',
        serviceId: null,
        serviceNumber: null,
        situation: null,
        clientName: '',
        clientPhone: '',
        clientEmail: '',
      },
    ],
    ['pushOptIn (SPEC 7 "{pushOptIn}")', PushOptInRequestSchema, { pushOptIn: true }],
    [
      'confirm-data answer (SPEC 7 "returns status")',
      ConfirmDataResponseSchema,
      { status: 'confirm' },
    ],
    [
      'situation specification',
      SituationSpecificationRequestSchema,
      { serviceId: 'svc-1', hasComment: true, imagesCount: 3 },
    ],
    [
      'suggestion call (SPEC 7 "{request}")',
      SuggestionCallSchema,
      buildSuggestionCall({
        account: ACCOUNT_ID,
        situation: 'jumpStart',
        situationPoint: { lat: 18.4, lng: -66.1, address: 'A' },
        destinationPoint: null,
      }),
    ],
    [
      'suggestion answer',
      SuggestionResponseSchema,
      { drivers: [{ _id: 'd1', eta: 600, distance: 4000 }] },
    ],
    [
      'cCustomer',
      CreateCustomerRequestSchema,
      {
        account_id: ACCOUNT_ID,
        branch: 'PR',
        name: 'Ana Rivera',
        email: 'ana@example.com',
        phone: '7875550100',
      },
    ],
    [
      'contracts search query',
      ContractSearchQuerySchema,
      { search: 'ABC123', account: ACCOUNT_ID, branch: 'PR', active: 'true' },
    ],
    [
      'vehicle services query',
      VehicleServicesQuerySchema,
      { accountId: ACCOUNT_ID, plate: 'ABC123' },
    ],
    ['driver', DriverSchema, { id: 'd1', name: 'Luis', eta: -1, lat: 18.4, lng: -66.1 }],
  ])('%s', (_name, schema, value) => {
    expect(failingPaths(schema, value)).toEqual([]);
  });
});

describe('each broken field fails with its own path', () => {
  it.each<[string, z.ZodMiniType, unknown, string]>([
    [
      'SPEC 3 limit check "providerDistance (null)"',
      LimitCheckRequestSchema,
      { ...limitCheck, serviceData: { ...limitCheck.serviceData, providerDistance: 5 } },
      'serviceData.providerDistance',
    ],
    [
      'SPEC 9 "Service cost in the limit-check payload is fixed at 0"',
      LimitCheckRequestSchema,
      {
        ...limitCheck,
        serviceData: {
          ...limitCheck.serviceData,
          customerFeeParams: {
            ...limitCheck.serviceData.customerFeeParams,
            providerCosts: { serviceCost: 10 },
          },
        },
      },
      'serviceData.customerFeeParams.providerCosts.serviceCost',
    ],
    [
      'limit check accountSfId required',
      LimitCheckRequestSchema,
      { ...limitCheck, accountSfId: '' },
      'accountSfId',
    ],
    [
      "SPEC 7 SMS prefix 'No Reply: #{serviceNumber}: '",
      DriverSmsRequestSchema,
      { message: 'hola', serviceNumber: '1001', phone: '1', branch: 'PR' },
      'message',
    ],
    [
      'SMS branch is a branch',
      DriverSmsRequestSchema,
      { message: 'No Reply: #1001: hola', serviceNumber: '1001', phone: '1', branch: 'US' },
      'branch',
    ],
    [
      'SPEC 5 "Survey comment max 255 characters"',
      SurveySubmitRequestSchema,
      { answers: {}, comments: 'x'.repeat(256), serviceId: 'svc-1' },
      'comments',
    ],
    [
      'SPEC 3 survey "keyed by question type" (unknown key)',
      SurveySubmitRequestSchema,
      { answers: { mood: 3 }, comments: '', serviceId: 'svc-1' },
      'answers',
    ],
    [
      'survey serviceId required',
      SurveySubmitRequestSchema,
      { answers: {}, comments: '' },
      'serviceId',
    ],
    [
      'tip amount is positive cents',
      TipRequestSchema,
      {
        serviceId: 'svc-1',
        amount: 0,
        currency: 'usd',
        paymentMethod: 'cash',
        cardIdStripe: null,
        chargeIdStripe: null,
        customerIdStripe: null,
      },
      'amount',
    ],
    [
      'a card tip needs a charge (decision 126)',
      TipRequestSchema,
      {
        serviceId: 'svc-1',
        amount: 300,
        currency: 'usd',
        paymentMethod: 'card',
        cardIdStripe: null,
        chargeIdStripe: null,
        customerIdStripe: null,
      },
      'chargeIdStripe',
    ],
    [
      'geotext success needs coordinates',
      GeotextResponseRequestSchema,
      { lat: null, lng: null, address: '', roomId: 'r', phoneNumber: '7875550100', success: true },
      'lat',
    ],
    [
      'geotext phoneNumber digits',
      GeotextResponseRequestSchema,
      { lat: 1, lng: 1, address: '', roomId: 'r', phoneNumber: 'abc', success: true },
      'phoneNumber',
    ],
    [
      'geotext roomId required',
      GeotextResponseRequestSchema,
      { lat: 1, lng: 1, address: '', roomId: '', phoneNumber: '7875550100', success: true },
      'roomId',
    ],
    [
      'SPEC 7 location update "{situationAddress}"',
      LocationUpdateSchema,
      { lat: 1, lng: 1, address: 'x' },
      'situationAddress',
    ],
    [
      'location update lat is a number',
      LocationUpdateSchema,
      { situationAddress: 'x', lat: 'north', lng: 1, address: 'x' },
      'lat',
    ],
    [
      'SPEC 7 getAddress "{coords as \'lat,lng\'}"',
      GetAddressRequestSchema,
      { coords: '18.4 -66.1' },
      'coords',
    ],
    [
      'SPEC 7 token "grant_type authorization_code"',
      TokenExchangeRequestSchema,
      {
        grant_type: 'password',
        client_id: 'c',
        redirect_uri: 'https://a.example',
        code_verifier: 'a'.repeat(56),
        code: 'k',
      },
      'grant_type',
    ],
    [
      'SPEC 9 "verifier ... 28 random bytes as hex"',
      TokenExchangeRequestSchema,
      {
        grant_type: 'authorization_code',
        client_id: 'c',
        redirect_uri: 'https://a.example',
        code_verifier: 'short',
        code: 'k',
      },
      'code_verifier',
    ],
    [
      'SPEC 3 "Sign-in user info: firstname, lastname, cardnumber"',
      TokenExchangeResponseSchema,
      { userInfo: { firstname: 'Ana', lastname: 'R' } },
      'userInfo.cardnumber',
    ],
    ['SPEC 7 storage "{url}"', GenerateDownloadUrlRequestSchema, { url: '' }, 'url'],
    [
      'SPEC 7 fees "returns a number in data.data"',
      CustomerFeeResponseSchema,
      { data: '45' },
      'data',
    ],
    [
      'SPEC 7 fees query needs accountId',
      CustomerFeeQuerySchema,
      { branch: 'PR', situation: 'towBreakdown', distance: '1' },
      'accountId',
    ],
    [
      'SPEC 4 cancel "status \'Void\'"',
      HoldEditCancelRequestSchema,
      {
        _id: 'svc-1',
        status: 'Cancelled',
        home: '',
        schedule: '',
        cancellationNotes: '',
        specificCancellationReason: 'No necesito servicio',
      },
      'status',
    ],
    [
      'SPEC 4 cancel "home empty"',
      HoldEditCancelRequestSchema,
      {
        _id: 'svc-1',
        status: 'Void',
        home: 'x',
        schedule: '',
        cancellationNotes: '',
        specificCancellationReason: 'No necesito servicio',
      },
      'home',
    ],
    [
      'SPEC 3 "cancel reasons ... exact texts"',
      HoldEditCancelRequestSchema,
      {
        _id: 'svc-1',
        status: 'Void',
        home: '',
        schedule: '',
        cancellationNotes: '',
        specificCancellationReason: 'Otro',
      },
      'specificCancellationReason',
    ],
    ['SPEC 7 pushOptIn is a boolean', PushOptInRequestSchema, { pushOptIn: 'true' }, 'pushOptIn'],
    [
      'SPEC 7 situation-specification imagesCount is a count',
      SituationSpecificationRequestSchema,
      { serviceId: 's', hasComment: false, imagesCount: -1 },
      'imagesCount',
    ],
    [
      'SPEC 5 "At most 500 suggested drivers are used"',
      SuggestionResponseSchema,
      { drivers: Array.from({ length: 501 }, (_, i) => ({ _id: `d${i}`, eta: 1, distance: 1 })) },
      'drivers',
    ],
    [
      'cCustomer needs an e-mail',
      CreateCustomerRequestSchema,
      { account_id: ACCOUNT_ID, branch: 'PR', name: 'Ana', email: 'nope', phone: '' },
      'email',
    ],
    [
      'SPEC 7 contracts "query: search, account, ..."',
      ContractSearchQuerySchema,
      { account: ACCOUNT_ID },
      'search',
    ],
    [
      'SPEC 7 vehicle services "accountId, plate, mbi, contractId"',
      VehicleServicesQuerySchema,
      { accountId: ACCOUNT_ID },
      'plate',
    ],
  ])('%s', (_name, schema, value, path) => {
    expect(failingPaths(schema, value)).toContain(path);
  });
});

describe('survey answers against the brand questions (SPEC 5 survey limits)', () => {
  const questions = [
    { key: 'provider' as const, type: 'startRating' as const },
    { key: 'recommendationScore' as const, type: 'slider' as const },
    { key: 'providerVest' as const, type: 'yesNo' as const },
  ];
  it.each<[string, Record<string, unknown>, string | null]>([
    ['SPEC 5: "stars 1 to 5" (5 fits)', { provider: 5 }, null],
    ['SPEC 5: "stars 1 to 5" (6 does not)', { provider: 6 }, 'provider'],
    ['SPEC 5: "slider 0 to 10" (0 fits)', { recommendationScore: 0 }, null],
    ['SPEC 5: "slider 0 to 10" (11 does not)', { recommendationScore: 11 }, 'recommendationScore'],
    [
      'SPEC 2: "questions depend on brand" (an unasked question fails)',
      { coordinator: 3 },
      'coordinator',
    ],
  ])('%s', (_spec, answers, expected) => {
    expect(findInvalidSurveyAnswer(answers, questions)).toBe(expected);
  });
});

describe('service and contract entities (SPEC 3)', () => {
  const service = {
    _id: 'svc-00000001',
    serviceNumber: '1001',
    account: ACCOUNT_ID,
    accountPhone: '7875550000',
    branch: 'PR',
    sfIdAccount: 'sf-1',
    price: 4500,
    taxRate: 0.115,
    date: '2026-11-21T14:00:00.000Z',
    endDate: null,
    situation: 'towCollission',
    serviceType: 'road',
    firstname: 'Ana',
    status: 'Active',
    schedule: '',
    payments: { subtotal: 4500, tax: 518, total: 5018 },
    external: { id: null },
    flags: { fromConnectApp: true },
    salesforce: { serviceId: null },
    surveys: { answered: false },
    surplus: null,
    customerContract: 'contract-1',
    messageConfirmation: { status: 'pending' },
    provider: { name: 'Grúas del Norte' },
    trip: {
      status: 'ON_ROUTE',
      stamps: { ACCEPTED: '2026-11-21T14:05:00.000Z' },
      simulatedEta: 900,
    },
    locations: { situation: null, destination: null, provider: null },
    driver: { _id: 'd1', name: 'Luis', phone: '7875550101' },
  };

  it('SPEC 3 Service parses with every field, towCollission read as towCollision', () => {
    expect(ServiceSchema.parse(service).situation).toBe('towCollision');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['SPEC 3 "schedule (ISO date-time or empty)"', { schedule: 'later' }, 'schedule'],
    [
      'SPEC 3 "payments (subtotal, tax, total)" in cents',
      { payments: { subtotal: 1, tax: 1 } },
      'payments.total',
    ],
    [
      'SPEC 3 "trip {status, stamps, simulatedEta}"',
      { trip: { status: 'FLYING', stamps: {}, simulatedEta: null } },
      'trip.status',
    ],
    ['SPEC 4 "Other statuses seen"', { status: 'Lost' }, 'status'],
    [
      'SPEC 3 "messageConfirmation {status}"',
      { messageConfirmation: {} },
      'messageConfirmation.status',
    ],
  ])('%s', (_spec, change, path) => {
    expect(failingPaths(ServiceSchema, { ...service, ...change })).toContain(path);
  });

  it('contracts with vehicles (plate, make, model, year, colour, VIN, member id, policy number, coverage limits)', () => {
    const contract = {
      _id: 'contract-1',
      account: ACCOUNT_ID,
      branch: 'PR',
      fullName: 'Ana Rivera',
      memberId: 'M-1',
      policyNumber: 'POL-1',
      phone: '',
      email: '',
      active: true,
      startDate: '2026-01-01T00:00:00.000Z',
      endDate: null,
      vehicles: [
        {
          plate: 'ABC123',
          make: 'Make',
          model: 'Model',
          year: 2020,
          color: 'Red',
          vin: '1HGCM82633A004352',
        },
      ],
      coverageLimits: [
        {
          serviceType: 'towBreakdown',
          maxEvents: 3,
          usedEvents: 1,
          maxAmount: 15000,
          maxDistanceKm: 40,
        },
      ],
    };
    expect(failingPaths(CustomerContractSchema, contract)).toEqual([]);
    expect(
      failingPaths(CustomerContractSchema, {
        ...contract,
        vehicles: [{ ...contract.vehicles[0], year: 'old' }],
      }),
    ).toContain('vehicles.0.year');
  });
});
