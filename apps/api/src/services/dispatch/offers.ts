import { AppError } from '../../lib/errors.ts';
import type { DispatchOfferRow, OfferAnswer } from '../../repositories/dispatch.ts';
import type { DriverRow } from '../../repositories/drivers.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { ServiceChange } from '../../repositories/services.ts';
import { assignmentChange } from './assignment.ts';

// A driver's answers to an offer, and its expiry (docs/decisions/760). Each is one transaction on
// the locked service, offer and driver: an answer that comes after the expiry, after another
// answer or after the customer cancelled is refused with 409 and writes nothing.

type OfferRepos = Pick<Repositories, 'dispatch'>;

function stillPending(offer: DispatchOfferRow, now: Date): void {
  if (offer.state !== 'pending') {
    throw new AppError('CONFLICT', `The offer is ${offer.state}: it can no longer be answered`);
  }
  if (offer.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('CONFLICT', 'The offer has expired');
  }
}

/** The offer when it is this driver's; 404 otherwise (another driver's offer is not revealed). */
async function offerOf(
  repos: OfferRepos,
  driver: DriverRow,
  offerId: string,
): Promise<DispatchOfferRow> {
  const offer = await repos.dispatch.findOffer(offerId);
  if (!offer || offer.driverId !== driver.id) {
    throw new AppError('NOT_FOUND', `Offer '${offerId}' was not found`);
  }
  return offer;
}

async function answer(repos: OfferRepos, offerId: string, decide: OfferAnswer): Promise<void> {
  const answered = await repos.dispatch.answerOffer(offerId, decide);
  if (!answered) throw new AppError('NOT_FOUND', `Offer '${offerId}' was not found`);
}

/**
 * `POST .../offers/:offerId/accept`: the driver takes the service: the assignment (status Active,
 * trip ACCEPTED, driver, ETA) and a `dispatch` assigned event.
 */
export async function acceptOffer(
  repos: OfferRepos,
  driver: DriverRow,
  offerId: string,
  now: Date,
): Promise<void> {
  await offerOf(repos, driver, offerId);
  await answer(repos, offerId, ({ offer, service, driver: locked }) => {
    stillPending(offer, now);
    if (locked.status !== 'available') {
      throw new AppError('CONFLICT', 'The driver is already working a service');
    }
    const change =
      service.status === 'Queued' && service.driverId === null
        ? assignmentChange(
            service,
            locked,
            { etaSeconds: offer.etaSeconds, distanceMeters: offer.distanceMeters },
            now,
          )
        : undefined;
    if (!change) throw new AppError('CONFLICT', `The service is ${service.status}`);
    return {
      state: 'accepted',
      at: now,
      change: {
        ...change,
        events: [
          ...change.events,
          {
            type: 'dispatch',
            payload: { step: 'assigned', driverId: locked.id, at: now.toISOString() },
          },
        ],
      },
    };
  });
}

/** The change of a rejected offer: a `rejected` event, the service due again at once. */
export function rejectionChange(offer: DispatchOfferRow, now: Date): ServiceChange {
  return {
    patch: { dispatchAt: now },
    events: [
      {
        type: 'dispatch',
        payload: { step: 'rejected', driverId: offer.driverId, at: now.toISOString() },
      },
    ],
  };
}

/**
 * `POST .../offers/:offerId/reject`: the next driver is tried now. Like accepting, refused (409)
 * once the offer is not pending or its time is over, even before the engine marks it expired.
 */
export async function rejectOffer(
  repos: OfferRepos,
  driver: DriverRow,
  offerId: string,
  now: Date,
): Promise<void> {
  const offer = await offerOf(repos, driver, offerId);
  stillPending(offer, now);
  await answer(repos, offerId, ({ offer: locked }) => {
    stillPending(locked, now);
    return { state: 'rejected', at: now, change: rejectionChange(locked, now) };
  });
}

/**
 * An offer past its time: expired, a `timed_out` event, the service due again at once. False when
 * it was answered meanwhile.
 */
export async function expireOffer(repos: OfferRepos, offerId: string, now: Date): Promise<boolean> {
  const refused = new Error('answered meanwhile');
  try {
    const answered = await repos.dispatch.answerOffer(offerId, ({ offer }) => {
      if (offer.state !== 'pending' || offer.expiresAt.getTime() > now.getTime()) throw refused;
      return {
        state: 'expired',
        at: now,
        change: {
          patch: { dispatchAt: now },
          events: [
            {
              type: 'dispatch',
              payload: { step: 'timed_out', driverId: offer.driverId, at: now.toISOString() },
            },
          ],
        },
      };
    });
    return answered !== undefined;
  } catch (error) {
    if (error === refused) return false;
    throw error;
  }
}
