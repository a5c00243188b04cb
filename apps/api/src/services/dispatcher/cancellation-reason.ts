// What the customer reads of a cancel by the operations centre (docs/decisions/762). The customer's
// token reads the service's `cancellationReason` and its history's `status` events, so the
// dispatcher's own words never go there: the service and its event carry this fixed code, and the
// free-text reason is kept in the audit line, where the console reads it.

export const DISPATCHER_CANCELLATION_REASON = 'cancelled_by_dispatcher';
