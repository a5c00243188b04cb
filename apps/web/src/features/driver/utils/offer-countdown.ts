// The offer's countdown on the phone (docs/decisions/761): the server says when the offer expires
// by its own clock and sends that clock (`serverTime`) with every state, so a phone whose clock is
// off still counts the right seconds.

/** Milliseconds to add to the phone's clock to read the server's. */
export function serverClockOffset(serverTime: string, receivedAt: number): number {
  const server = Date.parse(serverTime);
  return Number.isNaN(server) ? 0 : server - receivedAt;
}

/** Whole seconds left before `expiresAt` (never below 0). */
export function secondsLeft(expiresAt: string, phoneNow: number, offsetMs: number): number {
  const expires = Date.parse(expiresAt);
  if (Number.isNaN(expires)) return 0;
  return Math.max(0, Math.ceil((expires - (phoneNow + offsetMs)) / 1000));
}
