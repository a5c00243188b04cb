import { CANCEL_REASONS, type CancelReason } from '@auxilio/domain';

/** Translation key (namespace service-end) of each SPEC 3 cancel reason; the wire value stays Spanish. */
export const CANCEL_REASON_KEYS: Readonly<Record<CancelReason, string>> = {
  'Proceso muy complicado': 'cancel.reasons.complicated',
  'Continué por teléfono': 'cancel.reasons.byPhone',
  'No necesito servicio': 'cancel.reasons.notNeeded',
};

/** The three reasons in the order of SPEC 3. */
export const CANCEL_REASON_LIST: readonly CancelReason[] = CANCEL_REASONS;
