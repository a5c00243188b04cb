import { z } from 'zod/mini';
import type { VehicleLookupMode } from '../brand.ts';
import type { ClientForm } from '../contract/client-form.ts';
import { PhoneSchema } from '../contract/primitives.ts';
import type { Track } from '../enumerations.ts';

// SPEC 3 "Client form" on /clients: which fields the screen asks and when the form is complete
// (decision 272).

export type ClientFormField = Exclude<keyof ClientForm, 'privacyPolicyAcceptanceDate'>;

export interface ClientFormFieldRule {
  field: ClientFormField;
  required: boolean;
}

/**
 * The fields /clients shows, in order. Name and phone always (the request's clientName and
 * clientPhone1); the vehicle on the road track (plate required, the rest helps the driver find it);
 * the member id and MBI only for brands that look up by member id; e-mail optional (receipts).
 */
export function clientFormFields(input: {
  track: Track;
  lookupMode: VehicleLookupMode;
}): ClientFormFieldRule[] {
  const fields: ClientFormFieldRule[] = [
    { field: 'fullName', required: true },
    { field: 'phone', required: true },
    { field: 'email', required: false },
  ];
  if (input.lookupMode === 'memberId') {
    fields.push({ field: 'memberId', required: true }, { field: 'mbi', required: false });
  }
  if (input.track !== 'home') {
    fields.push(
      { field: 'plate', required: true },
      { field: 'make', required: false },
      { field: 'model', required: false },
      { field: 'year', required: false },
      { field: 'color', required: false },
      { field: 'vin', required: false },
    );
  }
  return fields;
}

/** Why a field is refused; the screen translates it. */
export type ClientFormIssue = 'required' | 'invalid';

/** The latest vehicle year accepted: next year's models are sold this year. */
function maxVehicleYear(now: Date): number {
  return now.getUTCFullYear() + 1;
}

const FORMATS: Partial<Record<ClientFormField, (value: string, now: Date) => boolean>> = {
  fullName: (v) => v.length <= 120,
  phone: (v) => PhoneSchema.safeParse(v).success,
  email: (v) => z.email().check(z.maxLength(254)).safeParse(v).success,
  plate: (v) => /^[A-Za-z0-9 -]{1,20}$/.test(v),
  year: (v, now) => /^\d{4}$/.test(v) && Number(v) >= 1900 && Number(v) <= maxVehicleYear(now),
  // A VIN has 17 characters, never I, O or Q.
  vin: (v) => /^[A-HJ-NPR-Z0-9]{17}$/i.test(v),
  mbi: (v) => /^[A-Za-z0-9]{11}$/.test(v),
};

/**
 * The problems of the shown fields (empty when the form can be sent). Blank optional fields are
 * fine; a filled one must have its format.
 */
export function clientFormIssues(
  form: ClientForm,
  fields: readonly ClientFormFieldRule[],
  now: Date,
): Partial<Record<ClientFormField, ClientFormIssue>> {
  const issues: Partial<Record<ClientFormField, ClientFormIssue>> = {};
  for (const { field, required } of fields) {
    const value = form[field].trim();
    if (value === '') {
      if (required) issues[field] = 'required';
      continue;
    }
    const format = FORMATS[field];
    if (format && !format(value, now)) issues[field] = 'invalid';
  }
  return issues;
}

/** SPEC 5: "privacyPolicyAcceptanceDate is sent as an ISO string"; null when not accepted. */
export function privacyAcceptance(accepted: boolean, now: Date): string | null {
  return accepted ? now.toISOString() : null;
}

/**
 * True when the client form can go with the request: every shown field passes and the privacy
 * policy was accepted (what /clients asks before it moves on). The home summary submits only then
 * (decision 641).
 */
export function isClientFormComplete(input: {
  form: ClientForm;
  track: Track;
  lookupMode: VehicleLookupMode;
  now: Date;
}): boolean {
  const fields = clientFormFields({ track: input.track, lookupMode: input.lookupMode });
  const issues = clientFormIssues(input.form, fields, input.now);
  return Object.keys(issues).length === 0 && input.form.privacyPolicyAcceptanceDate !== null;
}
