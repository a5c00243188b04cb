import type { VehicleLookupMode } from '../brand.ts';
import type { ClientForm } from '../contract/client-form.ts';
import type { CustomerContract, Vehicle } from '../contract/customer-contracts.ts';
import { PhoneSchema } from '../contract/primitives.ts';
import type { Session } from '../session.ts';
import { normalizePlate, vehicleSearchTerm } from '../validation.ts';
import { routeTo } from './decide.ts';
import type { RouteDecision } from './decision.ts';
import type { LimitCheckOutcome } from './request.ts';

// What /plate (and a Continue that already knows the customer) does with the contract search and the
// limit check of SPEC 4 "Request flow" (decision 270).

/** The term the customer types on /plate, prefilled from what the entry link or session knows. */
export function knownVehicleSearchInput(
  mode: VehicleLookupMode,
  session: Pick<Session, 'userExternalParams' | 'clientForm'>,
): string {
  const { userExternalParams: ext, clientForm } = session;
  switch (mode) {
    case 'name':
      return ext.fullName ?? clientForm.fullName;
    case 'memberId':
      return ext.memberId ?? clientForm.memberId;
    case 'policyNumber':
      return ext.policyNumber ?? '';
    case 'plate':
      return ext.plate ?? clientForm.plate;
  }
}

/**
 * The contract search term of a Continue that knows the customer (SPEC 4 "a known name and
 * identifier triggers contract search"); '' when the brand's lookup field is not known, so /plate
 * asks for it. A name is searched only with the plate beside it (decision 417).
 */
export function knownVehicleSearchTerm(
  mode: VehicleLookupMode,
  session: Pick<Session, 'userExternalParams' | 'clientForm'>,
): string {
  const ext = session.userExternalParams;
  if (mode === 'name' && normalizePlate(ext.plate ?? '') === '') return '';
  return vehicleSearchTerm(mode, {
    plate: ext.plate,
    fullName: ext.fullName,
    memberId: ext.memberId,
    policyNumber: ext.policyNumber,
  });
}

/**
 * The plate the customer gave, for the limit check and the plate-difference rule ('' if none):
 * the plate typed on /plate (the lookup field of plate brands, the field beside the name of name
 * brands), else the one the entry link or the form carries.
 */
export function enteredPlate(
  mode: VehicleLookupMode,
  typedPlate: string,
  session: Pick<Session, 'userExternalParams' | 'clientForm'>,
): string {
  if (mode === 'plate' || typedPlate.trim() !== '') return typedPlate;
  return session.userExternalParams.plate ?? session.clientForm.plate;
}

/** The contract's vehicle with this plate, else its only vehicle. */
export function contractVehicle(
  contract: Pick<CustomerContract, 'vehicles'>,
  plate: string,
): Vehicle | undefined {
  const wanted = normalizePlate(plate);
  return (
    contract.vehicles.find((v) => wanted !== '' && normalizePlate(v.plate) === wanted) ??
    (contract.vehicles.length === 1 ? contract.vehicles[0] : undefined)
  );
}

/**
 * The client form after a contract was found (SPEC 2 "/clients ... used for road track after
 * contract found": the form starts from the contract). Contact fields the customer typed win and
 * blanks come from the holder, when the answer carries the holder (a signed-in member's own
 * contract; masked ones never fill the form, decision 417); the vehicle fields are the matched
 * vehicle's, since the vehicle is what was looked up (an earlier lookup's vehicle never stays). A
 * masked plate or a missing VIN leaves what the customer typed.
 */
export function clientFormFromContract(
  form: ClientForm,
  contract: CustomerContract,
  plate: string,
): ClientForm {
  const fill = (typed: string, found: string | null): string =>
    typed.trim() !== '' ? typed : (found ?? '');
  const full = contract.detail === 'full';
  const contact: ClientForm = full
    ? {
        ...form,
        fullName: fill(form.fullName, contract.fullName),
        phone: fill(form.phone, contract.phone),
        email: fill(form.email, contract.email),
        memberId: fill(form.memberId, contract.memberId),
      }
    : form;
  const vehicle = contractVehicle(contract, plate);
  const typedPlate = plate || form.plate;
  if (!vehicle) return { ...contact, plate: typedPlate };
  const plateShown = full || normalizePlate(vehicle.plate) === normalizePlate(typedPlate);
  return {
    ...contact,
    plate: plateShown ? vehicle.plate : typedPlate,
    year: vehicle.year === null ? '' : String(vehicle.year),
    make: vehicle.make,
    model: vehicle.model,
    color: vehicle.color,
    vin: vehicle.vin || form.vin,
  };
}

/** True when the request has whom to serve and call: a name and a phone number (SPEC 3 payload). */
export function hasContactDetails(form: Pick<ClientForm, 'fullName' | 'phone'>): boolean {
  return form.fullName.trim() !== '' && PhoneSchema.safeParse(form.phone.trim()).success;
}

/**
 * Where the road track goes after the contract search and the limit check (decision 270). The
 * other-options routes of `limitCheckOutcome` stand. Otherwise the location comes first (its
 * summary follows it): /location, or /clients first when the contract did not give a name and a
 * phone to call (SPEC 2 "/clients: used for road track after contract found").
 */
export function routeAfterVehicleCheck(
  outcome: Pick<LimitCheckOutcome, 'to'>,
  form: Pick<ClientForm, 'fullName' | 'phone'>,
): RouteDecision {
  if (outcome.to !== '/location/summary') return routeTo(outcome.to);
  return routeTo(hasContactDetails(form) ? '/location' : '/clients');
}

/**
 * Where /clients goes once the form is complete: the location screen, or its summary when the
 * location is already chosen (SPEC 4: "a home-track request confirms location, then /clients").
 */
export function routeAfterClientForm(
  session: Pick<Session, 'locations' | 'referenceAddress'>,
): RouteDecision {
  const { situation } = session.locations;
  const located =
    (situation.lat !== 0 && situation.lng !== 0) ||
    session.referenceAddress.fullAddress.trim() !== '';
  return routeTo(located ? '/location/summary' : '/location');
}
