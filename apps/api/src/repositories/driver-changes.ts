// The channel that wakes a driver's app (docs/decisions/760): its payload is the driver id; the
// app re-reads its state (`GET /me`), so the payload is only a wake-up call, as for service events.
export const DRIVER_CHANGES_CHANNEL = 'driver_changes';
