import { describe, expect, it } from 'vitest';
import { INITIAL_CLIENT_FORM } from '../contract/client-form.ts';
import type { CustomerContract } from '../contract/customer-contracts.ts';
import { maskedContract } from '../personal-data.ts';
import { limitCheckOutcome } from './request.ts';
import { makeSession } from './test-fixtures.ts';
import {
  clientFormFromContract,
  enteredPlate,
  hasContactDetails,
  knownVehicleSearchInput,
  knownVehicleSearchTerm,
  routeAfterClientForm,
  routeAfterVehicleCheck,
} from './vehicle-lookup.ts';

const contract: CustomerContract = {
  _id: 'contract-1',
  detail: 'full',
  account: '0123456789abcdef01234567',
  branch: 'PR',
  fullName: 'Ana Rivera Soto',
  memberId: '400000001',
  policyNumber: 'PR-AU-1234567',
  phone: '+17875550123',
  email: 'ana@example.test',
  active: true,
  startDate: '2025-01-01T04:00:00.000Z',
  endDate: null,
  vehicles: [
    { plate: 'ABC123', make: 'Toyota', model: 'Corolla', year: 2020, color: 'Rojo', vin: '' },
    { plate: 'XYZ789', make: 'Honda', model: 'Civic', year: 2018, color: 'Azul', vin: '' },
  ],
  coverageLimits: [],
};

describe('known vehicle search (SPEC 4 "a known name and identifier triggers contract search")', () => {
  const session = makeSession({
    userExternalParams: {
      ...makeSession().userExternalParams,
      fullName: 'Ana  Rivera',
      plate: 'abc-123',
      identifier: 'abc-123',
    },
  });
  it.each([
    { mode: 'plate' as const, term: 'ABC123', input: 'abc-123' },
    { mode: 'name' as const, term: 'Ana Rivera', input: 'Ana  Rivera' },
    // SPEC 5 "For MMM ... the member id": not known here, so /plate asks for it.
    { mode: 'memberId' as const, term: '', input: '' },
    { mode: 'policyNumber' as const, term: '', input: '' },
  ])('$mode: term "$term", field prefilled with "$input"', ({ mode, term, input }) => {
    expect(knownVehicleSearchTerm(mode, session)).toBe(term);
    expect(knownVehicleSearchInput(mode, session)).toBe(input);
  });

  it('decision 417: a name without a plate is not searched, so /plate asks for both', () => {
    const nameOnly = makeSession({
      userExternalParams: { ...makeSession().userExternalParams, fullName: 'Ana Rivera' },
    });
    expect(knownVehicleSearchTerm('name', nameOnly)).toBe('');
  });

  it('the plate typed on /plate wins; without one, the link carries it', () => {
    expect(enteredPlate('name', '', session)).toBe('abc-123');
    expect(enteredPlate('name', 'GHI-789', session)).toBe('GHI-789');
    expect(enteredPlate('memberId', '', session)).toBe('abc-123');
    expect(enteredPlate('plate', 'DEF-456', session)).toBe('DEF-456');
  });
});

describe('clientFormFromContract', () => {
  it('fills blanks from the holder and the vehicle with the entered plate', () => {
    const form = clientFormFromContract(INITIAL_CLIENT_FORM, contract, 'xyz-789');
    expect(form).toMatchObject({
      fullName: 'Ana Rivera Soto',
      phone: '+17875550123',
      email: 'ana@example.test',
      memberId: '400000001',
      plate: 'XYZ789',
      make: 'Honda',
      model: 'Civic',
      year: '2018',
      color: 'Azul',
      privacyPolicyAcceptanceDate: null,
    });
  });

  it('keeps the contact details the customer typed; the vehicle is the one looked up', () => {
    const typed = {
      ...INITIAL_CLIENT_FORM,
      fullName: 'Ana R.',
      phone: '787-555-9999',
      make: 'Honda',
      plate: 'XYZ789',
    };
    const form = clientFormFromContract(typed, contract, 'abc-123');
    expect(form.fullName).toBe('Ana R.');
    expect(form.phone).toBe('787-555-9999');
    expect(form).toMatchObject({ plate: 'ABC123', make: 'Toyota', model: 'Corolla', year: '2020' });
  });

  it('decision 417: a masked contract fills only the vehicle, never the holder', () => {
    const masked = maskedContract(contract, 'xyz-789');
    const form = clientFormFromContract(INITIAL_CLIENT_FORM, masked, 'xyz-789');
    expect(form).toMatchObject({
      fullName: '',
      phone: '',
      email: '',
      memberId: '',
      plate: 'XYZ789',
      make: 'Honda',
      model: 'Civic',
      year: '2018',
    });
  });

  it('decision 417: a masked plate never reaches the form', () => {
    const single = maskedContract({ ...contract, vehicles: contract.vehicles.slice(0, 1) }, '');
    const form = clientFormFromContract(INITIAL_CLIENT_FORM, single, '');
    expect(form).toMatchObject({ plate: '', make: 'Toyota', model: 'Corolla' });
  });

  it('with several vehicles and no matching plate, leaves the vehicle blank', () => {
    const form = clientFormFromContract(INITIAL_CLIENT_FORM, contract, '');
    expect(form.make).toBe('');
    expect(form.plate).toBe('');
  });
});

describe('routeAfterVehicleCheck (decision 270)', () => {
  const complete = { fullName: 'Ana Rivera', phone: '+17875550123' };
  const outcome = (contractsFound: number, checkLimit = false) =>
    limitCheckOutcome({
      contractsFound,
      result: {
        checkLimit,
        setOnDemand: checkLimit,
        contractPlate: 'ABC123',
        surplus: null,
        messages: [],
      },
      enteredPlate: 'ABC123',
      lookupMode: 'plate',
      policyLimitVersion: 'V1',
    });

  it.each([
    {
      spec: 'SPEC 8 "No contracts found: Go to /other-options/vehicleNotFound"',
      to: routeAfterVehicleCheck(outcome(0), complete).to,
      expected: '/other-options/vehicleNotFound',
    },
    {
      spec: 'SPEC 8 "Limit exceeded: Go to /other-options/exceedLimit"',
      to: routeAfterVehicleCheck(outcome(1, true), complete).to,
      expected: '/other-options/exceedLimit',
    },
    {
      spec: 'the location comes before its summary',
      to: routeAfterVehicleCheck(outcome(1), complete).to,
      expected: '/location',
    },
    {
      spec: 'SPEC 2 "/clients: used for road track after contract found" (no phone to call)',
      to: routeAfterVehicleCheck(outcome(1), { fullName: 'Ana', phone: '' }).to,
      expected: '/clients',
    },
  ])('$spec', ({ to, expected }) => {
    expect(to).toBe(expected);
  });

  it('hasContactDetails needs a name and a phone number', () => {
    expect(hasContactDetails(complete)).toBe(true);
    expect(hasContactDetails({ fullName: ' ', phone: '+17875550123' })).toBe(false);
    expect(hasContactDetails({ fullName: 'Ana', phone: '12' })).toBe(false);
  });
});

describe('routeAfterClientForm', () => {
  it('goes to /location until a location is chosen, then to its summary', () => {
    const session = makeSession();
    expect(routeAfterClientForm(session).to).toBe('/location');
    const located = {
      ...session,
      locations: {
        ...session.locations,
        situation: { ...session.locations.situation, lat: 18.4, lng: -66.1 },
      },
    };
    expect(routeAfterClientForm(located).to).toBe('/location/summary');
  });
});
