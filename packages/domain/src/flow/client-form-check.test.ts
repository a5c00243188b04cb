import { describe, expect, it } from 'vitest';
import { INITIAL_CLIENT_FORM, type ClientForm } from '../contract/client-form.ts';
import {
  clientFormFields,
  clientFormIssues,
  isClientFormComplete,
  privacyAcceptance,
} from './client-form-check.ts';
import { NOW } from './test-fixtures.ts';

describe('clientFormFields (decision 272)', () => {
  it('road: contact and vehicle; member id only for member-id brands', () => {
    const road = clientFormFields({ track: 'road', lookupMode: 'plate' }).map((f) => f.field);
    expect(road).toEqual([
      'fullName',
      'phone',
      'email',
      'plate',
      'make',
      'model',
      'year',
      'color',
      'vin',
    ]);
    const member = clientFormFields({ track: 'road', lookupMode: 'memberId' }).map((f) => f.field);
    expect(member).toContain('memberId');
    expect(member).toContain('mbi');
  });

  it('home: no vehicle', () => {
    const home = clientFormFields({ track: 'home', lookupMode: 'plate' }).map((f) => f.field);
    expect(home).toEqual(['fullName', 'phone', 'email']);
  });
});

describe('clientFormIssues', () => {
  const fields = clientFormFields({ track: 'road', lookupMode: 'plate' });

  it('names the blank required fields', () => {
    expect(clientFormIssues(INITIAL_CLIENT_FORM, fields, NOW)).toEqual({
      fullName: 'required',
      phone: 'required',
      plate: 'required',
    });
  });

  it.each([
    { field: 'phone', value: '12', issue: 'invalid' },
    { field: 'email', value: 'ana@', issue: 'invalid' },
    { field: 'year', value: '1899', issue: 'invalid' },
    { field: 'year', value: String(NOW.getUTCFullYear() + 2), issue: 'invalid' },
    { field: 'vin', value: '1HGCM82633A00435O', issue: 'invalid' },
    { field: 'year', value: '2020', issue: undefined },
    { field: 'vin', value: '1HGCM82633A004352', issue: undefined },
    { field: 'email', value: 'ana@example.test', issue: undefined },
  ] as const)('$field "$value" -> $issue', ({ field, value, issue }) => {
    const form = {
      ...INITIAL_CLIENT_FORM,
      fullName: 'Ana Rivera',
      phone: '787-555-0123',
      plate: 'ABC123',
      [field]: value,
    };
    expect(clientFormIssues(form, fields, NOW)[field]).toBe(issue);
  });
});

describe('privacyAcceptance (SPEC 5 "privacyPolicyAcceptanceDate is sent as an ISO string")', () => {
  it('is the ISO time of acceptance, or null', () => {
    expect(privacyAcceptance(true, NOW)).toBe('2026-11-21T15:00:00.000Z');
    expect(privacyAcceptance(false, NOW)).toBeNull();
  });
});

describe('isClientFormComplete (decision 641)', () => {
  const filled: ClientForm = {
    ...INITIAL_CLIENT_FORM,
    fullName: 'Ana Rivera Soto',
    phone: '787-555-0142',
    privacyPolicyAcceptanceDate: NOW.toISOString(),
  };
  const check = (form: ClientForm) =>
    isClientFormComplete({ form, track: 'home', lookupMode: 'plate', now: NOW });

  it('is complete for home with name, phone and the privacy policy accepted (no vehicle)', () => {
    expect(check(filled)).toBe(true);
  });

  it('is not complete without the privacy policy or with a missing field', () => {
    expect(check({ ...filled, privacyPolicyAcceptanceDate: null })).toBe(false);
    expect(check({ ...filled, phone: '' })).toBe(false);
  });

  it('the road track also needs the plate', () => {
    expect(
      isClientFormComplete({ form: filled, track: 'road', lookupMode: 'plate', now: NOW }),
    ).toBe(false);
  });
});
