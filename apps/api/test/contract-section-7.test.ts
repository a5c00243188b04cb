import { randomUUID } from 'node:crypto';
import {
  AccountSchema,
  AddNoteResponseSchema,
  ApiErrorSchema,
  buildDriverSms,
  CampaignSchema,
  CancellationEmailResponseSchema,
  ConfirmDataResponseSchema,
  ContractSearchResponseSchema,
  CreateCustomerResponseSchema,
  CustomerFeeResponseSchema,
  DriverByIdResponseSchema,
  DriverListResponseSchema,
  DriverLocationResponseSchema,
  DriverSmsResponseSchema,
  GenerateDownloadUrlResponseSchema,
  GenerateUploadUrlResponseSchema,
  GeotextResponseSchema,
  GetAddressResponseSchema,
  IntegrationListSchema,
  LimitCheckResponseSchema,
  MemberVehiclesResponseSchema,
  PushOptInResponseSchema,
  ServiceRequestResponseSchema,
  ServiceSchema,
  ServiceTypeSchema,
  SituationSpecificationResponseSchema,
  SuggestionResponseSchema,
  SurveySubmitResponseSchema,
  TipResponseSchema,
  VehicleMakesResponseSchema,
  VehicleModelsResponseSchema,
  VehicleServicesResponseSchema,
  ZonesResponseSchema,
} from '@auxilio/domain';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  campaigns,
  contracts,
  drivers,
  integrations,
  services,
  vehicles,
} from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import {
  assignFirstDriver,
  createService,
  finishService,
  type CreatedService,
} from './support/journey-service.ts';
import { paidPayload, sandboxCharge } from './support/sandbox-payment.ts';
import { limitCheckBody, seededAccount } from './support/limit-check.ts';
import { cancellationPayload, servicePayload } from './support/service-request-payload.ts';
import { CONNECT_PR, MMM_PR } from './support/demo-accounts.ts';

// Every call of SPEC section 7: one row per call of the SPEC 7 table, each checked the same
// way: the route exists with the spec's method and path and is documented in the OpenAPI document
// (/docs) with its error answers; no key and a wrong key answer 401; a bad input answers 400
// naming the field; a call about one service refuses another service's bearer token (403); the
// happy path answers the shape the spec reads (decision 129: `data.X` is body field X). Each call's
// own test file checks what the database holds.

let t: TestApp;
let openApi: { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

beforeAll(async () => {
  t = await createTestApp();
  openApi = t.app.swagger() as unknown as typeof openApi;
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH';

interface Call {
  method: Method;
  url: string;
  payload?: unknown;
  /** The service whose token the call carries, for calls about one service. */
  service?: CreatedService;
  /** Headers besides the app key and the token. */
  headers?: Record<string, string>;
}

interface Row {
  /** The call as SPEC 7 writes it, with its base URL (ARCHITECTURE decision 1). */
  spec: string;
  /** Path template of the OpenAPI document. */
  path: string;
  /** A call about one service: needs that service's bearer token (decision 201). */
  aboutOneService: boolean;
  /** A valid call, built fresh for each check (some calls change what they touch). */
  happy: () => Promise<Call>;
  /**
   * Asserts the happy answer: status and the shape the spec reads. Null only where the happy path
   * needs a running server and a browser, and `happyPathIn` names the test that plays it.
   */
  expectHappy: ((res: LightMyRequestResponse, call: Call) => void | Promise<void>) | null;
  happyPathIn?: string;
  /** A call with one bad input and the field the 400 must name; null when the call takes none. */
  bad: (() => Promise<{ call: Call; field: string }>) | null;
}

function send(call: Call, headers: Record<string, string> = keyHeaders(call)) {
  return t.app.inject({
    method: call.method,
    url: call.url,
    headers,
    ...(call.payload === undefined ? {} : { payload: call.payload as Record<string, unknown> }),
  });
}

function keyHeaders(call: Call): Record<string, string> {
  const key = call.service ? call.service.headers : { 'x-api-key': t.config.appKey };
  return { ...call.headers, ...key };
}

function withoutKey(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'x-api-key'));
}

function ok<T>(schema: z.core.$ZodType<T>, res: LightMyRequestResponse, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return z.parse(schema, res.json());
}

const connectService = () => createService(t, CONNECT_PR);
/** A performed service (decision 478: only those are rated or tipped). */
const finishedService = async () => {
  const service = await connectService();
  await finishService(t, service.id);
  return service;
};

async function withDriver(): Promise<{ service: CreatedService; driverPhone: string }> {
  const service = await connectService();
  return { service, driverPhone: await assignFirstDriver(t, service.id) };
}

async function firstDriverId(): Promise<string> {
  const [row] = await t.db.db
    .select({ id: drivers.id })
    .from(drivers)
    .where(isNotNull(drivers.lastLat))
    .orderBy(asc(drivers.id))
    .limit(1);
  if (!row) throw new Error('no seeded driver with a position');
  return row.id;
}

async function driverIdOfService(serviceId: string): Promise<string> {
  const [row] = await t.db.db
    .select({ driverId: services.driverId })
    .from(services)
    .where(eq(services.id, serviceId));
  if (!row?.driverId) throw new Error('the service has no driver');
  return row.driverId;
}

/** A seeded vehicle of a connect PR contract that is active. */
async function connectVehicle() {
  const [row] = await t.db.db
    .select({ plate: vehicles.plate, contractId: contracts.id, memberId: contracts.memberId })
    .from(vehicles)
    .innerJoin(contracts, eq(vehicles.contractId, contracts.id))
    .where(and(eq(contracts.accountId, CONNECT_PR), eq(contracts.active, true)))
    .orderBy(asc(contracts.contractNumber))
    .limit(1);
  if (!row) throw new Error('no seeded connect PR vehicle');
  return row;
}

async function mmmMemberId(): Promise<string> {
  const [row] = await t.db.db
    .select({ memberId: contracts.memberId })
    .from(contracts)
    .where(and(eq(contracts.accountId, MMM_PR), eq(contracts.active, true)))
    .orderBy(asc(contracts.contractNumber))
    .limit(1);
  if (!row?.memberId) throw new Error('no seeded mmm member');
  return row.memberId;
}

const SITUATION = { lat: 18.4655, lng: -66.1057 };

const rows: Row[] = [
  {
    spec: 'GET /utils/getMake/{x}',
    path: '/common/utils/getMake/{country}',
    aboutOneService: false,
    happy: () => Promise.resolve({ method: 'GET', url: '/common/utils/getMake/PR' }),
    expectHappy: (res) => {
      expect(ok(VehicleMakesResponseSchema, res).data).toContain('Toyota');
    },
    bad: () =>
      Promise.resolve({
        call: { method: 'GET', url: '/common/utils/getMake/US' },
        field: 'params.country',
      }),
  },
  {
    spec: 'GET /utils/getModel/{x}/{y}',
    path: '/common/utils/getModel/{country}/{make}',
    aboutOneService: false,
    happy: () => Promise.resolve({ method: 'GET', url: '/common/utils/getModel/PR/Toyota' }),
    expectHappy: (res) => {
      expect(ok(VehicleModelsResponseSchema, res).data).toContain('Corolla');
    },
    bad: () =>
      Promise.resolve({
        call: { method: 'GET', url: '/common/utils/getModel/US/Toyota' },
        field: 'params.country',
      }),
  },
  {
    spec: 'GET /fees/customer',
    path: '/common/fees/customer',
    aboutOneService: false,
    happy: () =>
      Promise.resolve({
        method: 'GET',
        url: `/common/fees/customer?branch=PR&situation=flatTire&distance=12.5&accountId=${CONNECT_PR}`,
      }),
    // SPEC 7 "returns a number in data.data".
    expectHappy: (res) => {
      expect(ok(CustomerFeeResponseSchema, res)).toEqual({ data: 6000 });
    },
    bad: () =>
      Promise.resolve({
        call: {
          method: 'GET',
          url: `/common/fees/customer?branch=PR&situation=spaceTravel&accountId=${CONNECT_PR}`,
        },
        field: 'querystring.situation',
      }),
  },
  {
    spec: 'GET /api/v1/drivers',
    path: '/common/api/v1/drivers',
    aboutOneService: false,
    happy: () => Promise.resolve({ method: 'GET', url: '/common/api/v1/drivers' }),
    // SPEC 7 "all drivers"; public cards without phone or position (decision 415).
    expectHappy: (res) => {
      expect(ok(DriverListResponseSchema, res).length).toBeGreaterThan(0);
      for (const driver of res.json<object[]>()) expect(Object.keys(driver)).not.toContain('phone');
    },
    bad: null,
  },
  {
    spec: 'POST /dispatch/cCustomer',
    path: '/common/dispatch/cCustomer',
    aboutOneService: false,
    happy: () =>
      Promise.resolve({
        method: 'POST',
        url: '/common/dispatch/cCustomer',
        payload: {
          account_id: CONNECT_PR,
          branch: 'PR',
          name: 'Ana Rivera',
          email: 'ana.contract7@correo.example',
          phone: '7875550100',
        },
      }),
    expectHappy: (res) => {
      expect(ok(CreateCustomerResponseSchema, res).customerIdStripe).toMatch(/^cus_/);
    },
    bad: () =>
      Promise.resolve({
        call: {
          method: 'POST',
          url: '/common/dispatch/cCustomer',
          payload: {
            account_id: CONNECT_PR,
            branch: 'PR',
            name: 'Ana',
            email: 'not-an-email',
            phone: '',
          },
        },
        field: 'body.email',
      }),
  },
  {
    spec: 'POST /api/v1/service-requests',
    path: '/common/api/v1/service-requests',
    aboutOneService: false,
    happy: async () => ({
      method: 'POST',
      url: '/common/api/v1/service-requests',
      payload: await paidPayload(t, servicePayload(CONNECT_PR)),
    }),
    // SPEC 7 "reads token and eventId (and serviceId)".
    expectHappy: (res, call) => {
      const created = ok(ServiceRequestResponseSchema, res, 201);
      expect(created.serviceId).toBe((call.payload as { serviceId: string }).serviceId);
      expect(created.token.length).toBeGreaterThanOrEqual(22);
      expect(created.eventId).not.toBe('');
    },
    bad: () =>
      Promise.resolve({
        call: {
          method: 'POST',
          url: '/common/api/v1/service-requests',
          payload: servicePayload(CONNECT_PR, { sitLatitude: 91 }),
        },
        field: 'body.sitLatitude',
      }),
  },
  {
    spec: 'PATCH /api/v1/service-requests/{id}/pushOptIn',
    path: '/common/api/v1/service-requests/{id}/pushOptIn',
    aboutOneService: true,
    happy: async () => {
      const service = await connectService();
      return {
        method: 'PATCH',
        url: `/common/api/v1/service-requests/${service.id}/pushOptIn`,
        payload: { pushOptIn: true },
        service,
      };
    },
    expectHappy: (res, call) => {
      expect(ok(PushOptInResponseSchema, res)).toEqual({
        _id: call.service?.id,
        pushOptIn: true,
      });
    },
    bad: async () => {
      const service = await connectService();
      return {
        call: {
          method: 'PATCH',
          url: `/common/api/v1/service-requests/${service.id}/pushOptIn`,
          payload: { pushOptIn: 'yes' },
          service,
        },
        field: 'body.pushOptIn',
      };
    },
  },
  {
    spec: 'PATCH /api/v1/service-requests/confirm-data',
    path: '/common/api/v1/service-requests/confirm-data',
    aboutOneService: true,
    happy: async () => {
      const service = await connectService();
      return {
        method: 'PATCH',
        url: '/common/api/v1/service-requests/confirm-data',
        payload: { serviceId: service.id },
        service,
      };
    },
    // SPEC 7 "returns status".
    expectHappy: (res) => {
      expect(ok(ConfirmDataResponseSchema, res)).toEqual({ status: 'confirm' });
    },
    bad: async () => {
      const service = await connectService();
      return {
        call: {
          method: 'PATCH',
          url: '/common/api/v1/service-requests/confirm-data',
          payload: { serviceId: '' },
          service,
        },
        field: 'body.serviceId',
      };
    },
  },
  {
    spec: 'GET /services/{id}',
    path: '/common/services/{id}',
    aboutOneService: true,
    happy: async () => {
      const service = await connectService();
      return { method: 'GET', url: `/common/services/${service.id}`, service };
    },
    // SPEC 7 "reads status, trip, driver, locations, situation, branch, sfIdAccount".
    expectHappy: (res, call) => {
      const service = ok(ServiceSchema, res);
      expect(service).toMatchObject({ _id: call.service?.id, branch: 'PR', situation: 'flatTire' });
      expect(service).toHaveProperty('trip.status');
      expect(service).toHaveProperty('locations.situation');
      expect(service).toHaveProperty('sfIdAccount');
      expect(service).toHaveProperty('driver');
    },
    bad: async () => {
      const service = await connectService();
      return {
        call: { method: 'GET', url: `/common/services/${'x'.repeat(65)}`, service },
        field: 'params.id',
      };
    },
  },
  {
    spec: 'GET /providers/drivers/driverById/{id}',
    path: '/common/providers/drivers/driverById/{id}',
    aboutOneService: false,
    happy: async () => ({
      method: 'GET',
      url: `/common/providers/drivers/driverById/${await firstDriverId()}`,
    }),
    // SPEC 7 "reads employeeImage, vehicleImage".
    expectHappy: (res) => {
      const driver = ok(DriverByIdResponseSchema, res);
      expect(driver.employeeImage).toMatch(/^\/common\/media\//);
      expect(driver.vehicleImage).toMatch(/^\/common\/media\//);
      // Decision 415: the public card, no phone or position.
      expect(res.json()).not.toHaveProperty('phone');
      expect(res.json()).not.toHaveProperty('lat');
    },
    bad: () =>
      Promise.resolve({
        call: { method: 'GET', url: `/common/providers/drivers/driverById/${'d'.repeat(65)}` },
        field: 'params.id',
      }),
  },
  {
    spec: 'GET /providers/drivers/driverById/{id}/location',
    path: '/common/providers/drivers/driverById/{id}/location',
    // Decision 415: only the token of an Active service this driver serves.
    aboutOneService: true,
    happy: async () => {
      const { service } = await withDriver();
      return {
        method: 'GET',
        url: `/common/providers/drivers/driverById/${await driverIdOfService(service.id)}/location`,
        service,
      };
    },
    // SPEC 7 "reads data".
    expectHappy: (res) => {
      // Decision 129: `{ data: { lat, lng, ... } }`; the seeded driver has a position.
      const { data } = ok(DriverLocationResponseSchema, res);
      expect(data).not.toBeNull();
    },
    bad: async () => {
      const { service } = await withDriver();
      return {
        call: {
          method: 'GET',
          url: `/common/providers/drivers/driverById/${'d'.repeat(65)}/location`,
          service,
        },
        field: 'params.id',
      };
    },
  },
  {
    spec: 'GET /utils/zones/{country code}?populate=false',
    path: '/common/utils/zones/{countryCode}',
    aboutOneService: false,
    happy: () => Promise.resolve({ method: 'GET', url: '/common/utils/zones/PR?populate=false' }),
    expectHappy: (res) => {
      expect(ok(ZonesResponseSchema, res).data.length).toBeGreaterThan(0);
    },
    bad: () =>
      Promise.resolve({
        call: { method: 'GET', url: '/common/utils/zones/US?populate=false' },
        field: 'params.countryCode',
      }),
  },
  {
    spec: 'POST /surveys',
    path: '/common/surveys',
    aboutOneService: true,
    happy: async () => {
      const service = await finishedService();
      return {
        method: 'POST',
        url: '/common/surveys',
        payload: { answers: { provider: 5 }, comments: 'Muy bien', serviceId: service.id },
        service,
      };
    },
    // SPEC 7 "success by status".
    expectHappy: (res) => {
      expect(ok(SurveySubmitResponseSchema, res)).toEqual({ answered: true });
    },
    bad: async () => {
      const service = await connectService();
      return {
        call: {
          method: 'POST',
          url: '/common/surveys',
          payload: { answers: { provider: 6 }, comments: '', serviceId: service.id },
          service,
        },
        field: 'body.answers.provider',
      };
    },
  },
  {
    spec: 'POST /api/v1/drivers/sms',
    path: '/common/api/v1/drivers/sms',
    aboutOneService: true,
    happy: async () => {
      const { service, driverPhone } = await withDriver();
      return {
        method: 'POST',
        url: '/common/api/v1/drivers/sms',
        payload: buildDriverSms({
          text: 'Estoy en el portón azul',
          serviceNumber: service.serviceNumber,
          phone: driverPhone,
          branch: 'PR',
        }),
        service,
      };
    },
    // SPEC 7 "success when data.status is true".
    expectHappy: (res) => {
      expect(ok(DriverSmsResponseSchema, res)).toEqual({ status: true });
    },
    bad: async () => {
      const { service, driverPhone } = await withDriver();
      return {
        call: {
          method: 'POST',
          url: '/common/api/v1/drivers/sms',
          payload: {
            ...buildDriverSms({
              text: 'Hola',
              serviceNumber: service.serviceNumber,
              phone: driverPhone,
              branch: 'PR',
            }),
            branch: 'US',
          },
          service,
        },
        field: 'body.branch',
      };
    },
  },
  {
    spec: 'POST /api/v1/service-requests/cancel',
    path: '/common/api/v1/service-requests/cancel',
    aboutOneService: true,
    happy: async () => {
      // Decision 477: the e-mail follows the cancel call.
      const service = await connectService();
      await t.db.db.update(services).set({ status: 'Void' }).where(eq(services.id, service.id));
      return {
        method: 'POST',
        url: '/common/api/v1/service-requests/cancel',
        payload: {
          account_id: CONNECT_PR,
          reason: 'Proceso muy complicado',
          serviceId: service.id,
          serviceNumber: service.serviceNumber,
          situation: 'flatTire',
          clientName: 'Ana Rivera',
          clientPhone: '787-555-0100',
          clientEmail: 'ana@example.com',
        },
        service,
      };
    },
    expectHappy: (res) => {
      ok(CancellationEmailResponseSchema, res);
    },
    bad: async () => {
      const service = await connectService();
      return {
        call: {
          method: 'POST',
          url: '/common/api/v1/service-requests/cancel',
          payload: {
            account_id: CONNECT_PR,
            reason: 'Porque sí',
            serviceId: service.id,
            serviceNumber: service.serviceNumber,
            situation: 'flatTire',
            clientName: 'Ana Rivera',
            clientPhone: '787-555-0100',
            clientEmail: 'ana@example.com',
          },
          service,
        },
        field: 'body.reason',
      };
    },
  },
  {
    spec: 'GET /accounts/{id}',
    path: '/common/accounts/{id}',
    aboutOneService: false,
    happy: () => Promise.resolve({ method: 'GET', url: `/common/accounts/${CONNECT_PR}` }),
    expectHappy: (res) => {
      expect(ok(AccountSchema, res)).toMatchObject({ _id: CONNECT_PR, brand: 'connect' });
    },
    bad: () =>
      Promise.resolve({
        call: { method: 'GET', url: '/common/accounts/not-a-hex-id' },
        field: 'params.id',
      }),
  },
  {
    spec: 'GET /accounts/salesforce/{id}',
    path: '/common/accounts/salesforce/{id}',
    aboutOneService: false,
    happy: async () => ({
      method: 'GET',
      url: `/common/accounts/salesforce/${(await seededAccount(t, CONNECT_PR)).salesforce}`,
    }),
    expectHappy: (res) => {
      expect(ok(AccountSchema, res)._id).toBe(CONNECT_PR);
    },
    bad: () =>
      Promise.resolve({
        call: { method: 'GET', url: '/common/accounts/salesforce/short' },
        field: 'params.id',
      }),
  },
  {
    spec: 'PATCH /api/v1/services/{id}/locations',
    path: '/common/api/v1/services/{id}/locations',
    aboutOneService: true,
    happy: async () => {
      const service = await connectService();
      return {
        method: 'PATCH',
        url: `/common/api/v1/services/${service.id}/locations`,
        payload: {
          situationAddress: 'Calle Fortaleza 52',
          ...SITUATION,
          address: 'Calle Fortaleza 52, San Juan',
          placeId: 'place-1',
          accuracy: 12,
        },
        service,
      };
    },
    // SPEC 7 "returns the updated service".
    expectHappy: (res) => {
      const service = ok(ServiceSchema, res);
      expect(service.locations.situation).toMatchObject(SITUATION);
    },
    bad: async () => {
      const service = await connectService();
      return {
        call: {
          method: 'PATCH',
          url: `/common/api/v1/services/${service.id}/locations`,
          payload: { situationAddress: 'Calle 1', ...SITUATION, address: 'Calle 1', accuracy: 25 },
          service,
        },
        field: 'body.accuracy',
      };
    },
  },
  {
    spec: 'GET /api/v1/dispatch/contracts/',
    path: '/common/api/v1/dispatch/contracts/',
    aboutOneService: false,
    happy: async () => ({
      method: 'GET',
      url: `/common/api/v1/dispatch/contracts/?search=${(await connectVehicle()).plate}&account=${CONNECT_PR}&branch=PR&active=true`,
    }),
    // SPEC 7 "the first result is used".
    expectHappy: async (res) => {
      const [first] = ok(ContractSearchResponseSchema, res).data;
      expect(first?._id).toBe((await connectVehicle()).contractId);
    },
    bad: () =>
      Promise.resolve({
        call: {
          method: 'GET',
          url: `/common/api/v1/dispatch/contracts/?search=ABC&account=${CONNECT_PR}&active=yes`,
        },
        field: 'querystring.active',
      }),
  },
  {
    spec: 'POST /api/v1/dispatch/contact/checklimit',
    path: '/common/api/v1/dispatch/contact/checklimit',
    aboutOneService: false,
    happy: async () => {
      const vehicle = await connectVehicle();
      const account = await seededAccount(t, CONNECT_PR);
      return {
        method: 'POST',
        url: '/common/api/v1/dispatch/contact/checklimit',
        payload: limitCheckBody(account, vehicle.contractId, vehicle.plate),
      };
    },
    // SPEC 3 "The answer is read from nested data.data and yields surplus".
    expectHappy: (res) => {
      const { data } = ok(LimitCheckResponseSchema, res);
      expect(data).toHaveProperty('surplus');
      expect(typeof data.checkLimit).toBe('boolean');
    },
    bad: async () => {
      const vehicle = await connectVehicle();
      const account = await seededAccount(t, CONNECT_PR);
      const body = limitCheckBody(account, vehicle.contractId, vehicle.plate);
      return {
        call: {
          method: 'POST',
          url: '/common/api/v1/dispatch/contact/checklimit',
          payload: { ...body, serviceData: { ...body.serviceData, situation: 'spaceTravel' } },
        },
        field: 'body.serviceData.situation',
      };
    },
  },
  {
    spec: 'POST /services/holdEdit',
    path: '/common/services/holdEdit',
    aboutOneService: true,
    happy: async () => {
      const service = await connectService();
      return {
        method: 'POST',
        url: '/common/services/holdEdit',
        payload: cancellationPayload(service.id),
        service,
      };
    },
    // SPEC 4 "When the answer has statusText 'OK'": HTTP 200.
    expectHappy: (res, call) => {
      expect(res.statusMessage).toBe('OK');
      expect(ok(z.object({ _id: z.string(), status: z.literal('Void') }), res)).toEqual({
        _id: call.service?.id,
        status: 'Void',
      });
    },
    bad: async () => {
      const service = await connectService();
      return {
        call: {
          method: 'POST',
          url: '/common/services/holdEdit',
          payload: { ...cancellationPayload(service.id), status: 'Finished' },
          service,
        },
        field: 'body.status',
      };
    },
  },
  {
    spec: 'GET /api/v1/dispatch/vehicle/services',
    path: '/common/api/v1/dispatch/vehicle/services',
    aboutOneService: false,
    happy: async () => ({
      method: 'GET',
      url: `/common/api/v1/dispatch/vehicle/services?accountId=${CONNECT_PR}&plate=${(await connectVehicle()).plate}`,
    }),
    expectHappy: async (res) => {
      const { data } = ok(VehicleServicesResponseSchema, res);
      expect(data.contractId).toBe((await connectVehicle()).contractId);
      expect(data.services.length).toBeGreaterThan(0);
    },
    bad: () =>
      Promise.resolve({
        call: {
          method: 'GET',
          url: `/common/api/v1/dispatch/vehicle/services?accountId=${CONNECT_PR}`,
        },
        field: 'querystring.plate',
      }),
  },
  {
    spec: 'GET /api/v1/mmm/member/{id}/vehicle',
    path: '/common/api/v1/mmm/member/{id}/vehicle',
    aboutOneService: false,
    happy: async () => ({
      method: 'GET',
      url: `/common/api/v1/mmm/member/${await mmmMemberId()}/vehicle`,
    }),
    expectHappy: (res) => {
      expect(ok(MemberVehiclesResponseSchema, res).data.length).toBeGreaterThan(0);
    },
    bad: () =>
      Promise.resolve({
        call: { method: 'GET', url: '/common/api/v1/mmm/member/a%20b/vehicle' },
        field: 'params.id',
      }),
  },
  {
    spec: 'POST /tips',
    path: '/common/tips',
    aboutOneService: true,
    happy: async () => {
      const service = await finishedService();
      return {
        method: 'POST',
        url: '/common/tips',
        payload: {
          serviceId: service.id,
          amount: 300,
          currency: 'usd',
          paymentMethod: 'card',
          cardIdStripe: null,
          chargeIdStripe: await sandboxCharge(t, 300, 'usd'),
          customerIdStripe: null,
        },
        service,
      };
    },
    expectHappy: (res, call) => {
      expect(ok(TipResponseSchema, res)).toMatchObject({
        serviceId: call.service?.id,
        amount: 300,
      });
    },
    bad: async () => {
      const service = await connectService();
      return {
        call: {
          method: 'POST',
          url: '/common/tips',
          payload: {
            serviceId: service.id,
            amount: 0,
            currency: 'usd',
            paymentMethod: 'cash',
            cardIdStripe: null,
            chargeIdStripe: null,
            customerIdStripe: null,
          },
          service,
        },
        field: 'body.amount',
      };
    },
  },
  {
    spec: 'POST /maps/directions/getAddress',
    path: '/common/maps/directions/getAddress',
    aboutOneService: false,
    happy: () =>
      Promise.resolve({
        method: 'POST',
        url: '/common/maps/directions/getAddress',
        payload: { coords: `${SITUATION.lat},${SITUATION.lng}` },
      }),
    expectHappy: (res) => {
      // SPEC 7 other calls: "the first result gives formatted address and place id".
      const { data } = ok(GetAddressResponseSchema, res);
      expect(data?.address).not.toBe('');
      expect(data?.placeId).not.toBe('');
    },
    bad: () =>
      Promise.resolve({
        call: {
          method: 'POST',
          url: '/common/maps/directions/getAddress',
          payload: { coords: '-66.1,abc' },
        },
        field: 'body.coords',
      }),
  },
  {
    spec: 'POST /api/v1/geotext-responses',
    path: '/common/api/v1/geotext-responses',
    aboutOneService: false,
    happy: () =>
      Promise.resolve({
        method: 'POST',
        url: '/common/api/v1/geotext-responses',
        payload: {
          ...SITUATION,
          address: 'Calle Fortaleza 52',
          roomId: 'geotext-demo-pr',
          phoneNumber: '7875550100',
          success: true,
        },
      }),
    expectHappy: (res) => {
      expect(ok(GeotextResponseSchema, res, 201)).toMatchObject({
        roomId: 'geotext-demo-pr',
        success: true,
      });
    },
    bad: () =>
      Promise.resolve({
        call: {
          method: 'POST',
          url: '/common/api/v1/geotext-responses',
          payload: {
            lat: 0,
            lng: 0,
            address: '',
            roomId: 'geotext-demo-pr',
            phoneNumber: '+1 787',
            success: false,
          },
        },
        field: 'body.phoneNumber',
      }),
  },
  {
    spec: 'GET /services/types/all',
    path: '/common/services/types/all',
    aboutOneService: false,
    happy: () => Promise.resolve({ method: 'GET', url: '/common/services/types/all' }),
    // SPEC 7 "list of name and category".
    expectHappy: (res) => {
      expect(ok(z.array(ServiceTypeSchema), res)).toHaveLength(23);
    },
    bad: null,
  },
  {
    spec: 'POST /utils/addNote',
    path: '/common/utils/addNote',
    aboutOneService: true,
    happy: async () => {
      const service = await connectService();
      return {
        method: 'POST',
        url: '/common/utils/addNote',
        payload: {
          serviceId: service.id,
          body: 'Portón azul',
          employeeId: null,
          identifyUserByEmail: null,
        },
        service,
      };
    },
    expectHappy: (res) => {
      ok(AddNoteResponseSchema, res);
    },
    bad: async () => {
      const service = await connectService();
      return {
        call: {
          method: 'POST',
          url: '/common/utils/addNote',
          payload: { serviceId: service.id, body: '', employeeId: null, identifyUserByEmail: null },
          service,
        },
        field: 'body.body',
      };
    },
  },
  {
    spec: 'GET /api/v2/accounts/{id}/integrations',
    path: '/common/api/v2/accounts/{id}/integrations',
    aboutOneService: false,
    happy: async () => {
      const [row] = await t.db.db
        .select({ accountId: integrations.accountId })
        .from(integrations)
        .where(eq(integrations.accountId, CONNECT_PR))
        .limit(1);
      return { method: 'GET', url: `/common/api/v2/accounts/${row?.accountId ?? ''}/integrations` };
    },
    expectHappy: (res) => {
      expect(ok(IntegrationListSchema, res).length).toBeGreaterThan(0);
    },
    bad: () =>
      Promise.resolve({
        call: { method: 'GET', url: '/common/api/v2/accounts/not-a-hex-id/integrations' },
        field: 'params.id',
      }),
  },
  {
    spec: 'PATCH /utils/situation-specification',
    path: '/common/utils/situation-specification',
    aboutOneService: true,
    happy: async () => {
      const service = await connectService();
      return {
        method: 'PATCH',
        url: '/common/utils/situation-specification',
        payload: { serviceId: service.id, hasComment: true, imagesCount: 2 },
        service,
      };
    },
    expectHappy: (res) => {
      ok(SituationSpecificationResponseSchema, res);
    },
    bad: async () => {
      const service = await connectService();
      return {
        call: {
          method: 'PATCH',
          url: '/common/utils/situation-specification',
          payload: { serviceId: service.id, hasComment: true, imagesCount: -1 },
          service,
        },
        field: 'body.imagesCount',
      };
    },
  },
  {
    spec: 'GET /accounts/campaigns/{name}',
    path: '/common/accounts/campaigns/{name}',
    aboutOneService: false,
    happy: async () => {
      const [row] = await t.db.db
        .select({ name: campaigns.name })
        .from(campaigns)
        .orderBy(asc(campaigns.name))
        .limit(1);
      return { method: 'GET', url: `/common/accounts/campaigns/${row?.name ?? ''}` };
    },
    expectHappy: (res) => {
      ok(CampaignSchema, res);
    },
    bad: () =>
      Promise.resolve({
        call: { method: 'GET', url: '/common/accounts/campaigns/two%20words' },
        field: 'params.name',
      }),
  },
  {
    spec: 'POST /api/mmm-openid/token',
    path: '/common/api/mmm-openid/token',
    aboutOneService: false,
    // A well-formed exchange; its code comes from the member's sign-in in a browser.
    happy: () =>
      Promise.resolve({
        method: 'POST',
        url: '/common/api/mmm-openid/token',
        payload: {
          grant_type: 'authorization_code',
          client_id: 'auxilio-pwa',
          redirect_uri: 'http://localhost/sign-in/callback',
          code_verifier: 'a'.repeat(56),
          code: 'code-from-the-callback',
        },
      }),
    // SPEC 7 "reads data.userInfo": played over real HTTP with the bundled identity provider.
    expectHappy: null,
    happyPathIn: 'identity-sign-in.test.ts',
    bad: () =>
      Promise.resolve({
        call: {
          method: 'POST',
          url: '/common/api/mmm-openid/token',
          payload: {
            grant_type: 'password',
            client_id: 'auxilio-pwa',
            redirect_uri: 'http://localhost/sign-in/callback',
            code_verifier: 'a'.repeat(56),
            code: 'x',
          },
        },
        field: 'body.grant_type',
      }),
  },
  {
    spec: 'POST /generate-download-url (storage manager service)',
    path: '/storage/generate-download-url',
    aboutOneService: false,
    happy: async () => {
      const service = await connectService();
      // The store signs URLs of the host the caller used.
      const host = { host: 'auxilio.test:8080' };
      const upload = ok(
        GenerateUploadUrlResponseSchema,
        await t.app.inject({
          method: 'POST',
          url: '/storage/generate-upload-url',
          headers: { ...service.headers, ...host },
          payload: {
            serviceId: service.id,
            photoId: randomUUID(),
            contentType: 'image/png',
            size: 4,
          },
        }),
      );
      const signed = new URL(upload.signedUrl);
      const put = await t.app.inject({
        method: 'PUT',
        url: signed.pathname + signed.search,
        headers: { ...upload.headers, ...host },
        payload: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      });
      expect(put.statusCode, put.body).toBe(204);
      return {
        method: 'POST',
        url: '/storage/generate-download-url',
        payload: { url: upload.url },
        headers: host,
      };
    },
    // SPEC 7 "success on status 200 with signedUrl".
    expectHappy: (res) => {
      expect(ok(GenerateDownloadUrlResponseSchema, res).signedUrl).not.toBe('');
    },
    bad: () =>
      Promise.resolve({
        call: { method: 'POST', url: '/storage/generate-download-url', payload: { url: '' } },
        field: 'body.url',
      }),
  },
  {
    spec: 'POST /api/suggestions (auto-dispatch service)',
    path: '/autodispatch/api/suggestions',
    aboutOneService: false,
    happy: () =>
      Promise.resolve({
        method: 'POST',
        url: '/autodispatch/api/suggestions',
        payload: {
          request: {
            branch: 'PR',
            account: CONNECT_PR,
            situation: 'flatTire',
            route: {
              situation: { latitude: SITUATION.lat, longitude: SITUATION.lng, address: 'Calle 1' },
              destination: null,
            },
          },
        },
      }),
    // SPEC 3 "Result: drivers with _id, eta, distance".
    expectHappy: (res) => {
      expect(ok(SuggestionResponseSchema, res).drivers.length).toBeGreaterThan(0);
    },
    bad: () =>
      Promise.resolve({
        call: {
          method: 'POST',
          url: '/autodispatch/api/suggestions',
          payload: { request: { branch: 'PR', account: CONNECT_PR, situation: 'flatTire' } },
        },
        field: 'body.request.route',
      }),
  },
];

describe.each(rows)('SPEC 7 $spec', (row) => {
  it('is documented in the OpenAPI document with its error answers', async () => {
    const call = await row.happy();
    const operation = openApi.paths[row.path]?.[call.method.toLowerCase()];
    expect(operation, `${call.method} ${row.path} in /docs`).toBeDefined();
    const documented = Object.keys(operation?.responses ?? {});
    expect(documented).toEqual(expect.arrayContaining(['400', '401']));
    if (row.aboutOneService) expect(documented).toContain('403');
  });

  it('answers 401 without the app key and with a wrong one', async () => {
    const call = await row.happy();
    const headers = keyHeaders(call);
    for (const refused of [withoutKey(headers), { ...headers, 'x-api-key': 'wrong-key' }]) {
      const res = await send(call, refused);
      expect(res.statusCode).toBe(401);
      expect(ApiErrorSchema.parse(res.json()).code).toBe('UNAUTHORIZED');
    }
  });
});

describe.each(rows.filter((row) => row.expectHappy !== null))('SPEC 7 $spec', (row) => {
  it('answers the happy path with the shape the spec reads', async () => {
    const call = await row.happy();
    await row.expectHappy?.(await send(call), call);
  });
});

describe.each(rows.filter((row) => row.bad !== null))('SPEC 7 $spec', (row) => {
  it('answers 400 naming the field of a bad input', async () => {
    const bad = await row.bad?.();
    if (!bad) throw new Error('no bad input');
    const res = await send(bad.call);
    expect(res.statusCode, res.body).toBe(400);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      code: 'BAD_REQUEST',
      field: bad.field,
    });
  });
});

describe.each(rows.filter((row) => row.aboutOneService))('SPEC 7 $spec', (row) => {
  it("answers 403 to another service's bearer token", async () => {
    const call = await row.happy();
    const other = await connectService();
    const res = await send(call, other.headers);
    expect(res.statusCode).toBe(403);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('FORBIDDEN');
  });
});

describe('SPEC 7 coverage', () => {
  it('has one row per call of the table (34 calls), each with a happy path somewhere', () => {
    expect(new Set(rows.map((row) => row.spec)).size).toBe(rows.length);
    expect(rows).toHaveLength(34);
    for (const row of rows)
      expect(row.expectHappy !== null || row.happyPathIn !== undefined).toBe(true);
  });
});
