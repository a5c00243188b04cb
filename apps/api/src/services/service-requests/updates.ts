import {
  DEFAULT_LANGUAGE,
  isAccurateEnough,
  isValidCoordinate,
  type LocationUpdate,
  type PushOptInRequest,
  type PushOptInResponse,
  type Service,
} from '@auxilio/domain';
import { AppError } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories/index.ts';
import { checkPushSubscription, type PushEndpointPolicy } from '../push/subscription-checks.ts';
import { toService } from './wire-shape.ts';
import { authorizeService } from '../service-tokens.ts';

// SPEC 7 PATCH /api/v1/service-requests/{id}/pushOptIn ({pushOptIn}) and
// PATCH /api/v1/services/{id}/locations ("{situationAddress}; the location update also sends lat,
// lng, address, placeId, accuracy and returns the updated service"). Decision 255.

type Repos = Pick<Repositories, 'services'>;

const FINAL_STATUSES = new Set(['Finished', 'Cancelled', 'Void']);

function forbidden(): AppError {
  return new AppError('FORBIDDEN', 'This token does not give access to that service');
}

/**
 * Stores the customer's push-notification choice (the same value again writes nothing) and, with it,
 * the browser's push subscription (decision 450): upserted by endpoint on an opt-in, every
 * subscription of the service deleted on an opt-out. One transaction.
 */
export async function updatePushOptIn(
  repos: Pick<Repositories, 'services'>,
  authorization: string | undefined,
  serviceId: string,
  request: PushOptInRequest,
  push: PushEndpointPolicy,
): Promise<PushOptInResponse> {
  await authorizeService(repos, authorization, serviceId);
  const { pushOptIn, subscription } = request;
  // Decision 503: https to a public address after DNS resolution (400 naming the field).
  if (subscription) await checkPushSubscription(subscription, push);
  const stored = await repos.services.recordPushOptIn(
    serviceId,
    pushOptIn,
    subscription && {
      endpoint: subscription.endpoint,
      keys: subscription.keys,
      language: request.language ?? DEFAULT_LANGUAGE,
    },
  );
  if (!stored) throw forbidden();
  return { _id: serviceId, pushOptIn: stored.pushOptIn };
}

/**
 * Moves the service's situation to the customer's position (SPEC 4 "Location permission
 * (tracking)": success updates the service location). SPEC 5: "Live position accepted only when
 * accuracy is 20 m or better" and coordinates must be non-zero (400 naming the field otherwise).
 * A finished or cancelled service keeps its situation (409). Answers the updated service.
 */
export async function updateSituationLocation(
  repos: Repos,
  authorization: string | undefined,
  serviceId: string,
  update: LocationUpdate,
  now: Date = new Date(),
): Promise<Service> {
  await authorizeService(repos, authorization, serviceId);
  if (!isValidCoordinate(update)) {
    throw new AppError('BAD_REQUEST', 'Coordinates must both be non-zero', 'body.lat');
  }
  // A position without accuracy is one the customer chose, not a live fix (as for drivers, 231).
  if (update.accuracy !== undefined && !isAccurateEnough(update.accuracy)) {
    throw new AppError(
      'BAD_REQUEST',
      'The position is not accurate enough: 20 m or better is needed',
      'body.accuracy',
    );
  }
  const outcome = await repos.services.change(serviceId, (service) => {
    if (FINAL_STATUSES.has(service.status)) {
      throw new AppError('CONFLICT', `A service that is ${service.status} keeps its location`);
    }
    return {
      patch: {
        situationLat: update.lat,
        situationLng: update.lng,
        situationAddress: update.situationAddress,
        situationPrettyAddress: update.address,
        situationPlaceId: update.placeId ?? service.situationPlaceId,
        situationAccuracy: update.accuracy ?? null,
        locationPermission: 'GRANTED',
      },
      events: [
        {
          type: 'location',
          payload: {
            lat: update.lat,
            lng: update.lng,
            address: update.situationAddress,
            accuracy: update.accuracy ?? null,
            at: now.toISOString(),
          },
        },
      ],
    };
  });
  if (!outcome) throw forbidden();
  const record = await repos.services.findById(serviceId);
  if (!record) throw forbidden();
  return toService(record);
}
