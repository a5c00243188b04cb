import { z } from 'zod/mini';
import { boundedText } from './primitives.ts';

/**
 * SPEC 3 "Client form: fullName, phone, plate, year, make, model, color, vin, memberId, mbi, email,
 * privacyPolicyAcceptanceDate". This is the form state as typed (strings, empty while blank); the
 * service-request payload is what gets validated strictly.
 */
export const ClientFormSchema = z.object({
  fullName: boundedText(120),
  phone: boundedText(30),
  plate: boundedText(20),
  /** Vehicle year as typed (four digits once complete). */
  year: boundedText(4),
  make: boundedText(60),
  model: boundedText(60),
  color: boundedText(40),
  vin: boundedText(17),
  memberId: boundedText(60),
  /** Medicare beneficiary identifier (insurer members). */
  mbi: boundedText(20),
  email: boundedText(254),
  /** SPEC 5: "privacyPolicyAcceptanceDate is sent as an ISO string"; null until accepted. */
  privacyPolicyAcceptanceDate: z.nullable(z.string()),
});
export type ClientForm = z.infer<typeof ClientFormSchema>;

export const INITIAL_CLIENT_FORM: ClientForm = {
  fullName: '',
  phone: '',
  plate: '',
  year: '',
  make: '',
  model: '',
  color: '',
  vin: '',
  memberId: '',
  mbi: '',
  email: '',
  privacyPolicyAcceptanceDate: null,
};
