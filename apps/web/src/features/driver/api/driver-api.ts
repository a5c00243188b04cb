import {
  DriverPositionsAnswerSchema,
  DriverSessionSchema,
  DriverStateSchema,
  GenerateUploadUrlResponseSchema,
  ServicePhotoSchema,
  ServicePhotosResponseSchema,
  TIMEOUT_MS,
  type DriverPhotoUploadUrlRequest,
  type DriverPositionFix,
  type DriverPositionsAnswer,
  type DriverSession,
  type DriverSignInRequest,
  type DriverState,
  type GenerateUploadUrlResponse,
  type PhotoId,
  type ServicePhoto,
  type ServicePhotosResponse,
} from '@auxilio/domain';
import type { z } from 'zod/mini';
import { queryString, readAppAnswer, sendAppCall } from '../../../lib/api-client.ts';
import type { TripStep } from '../utils/trip-steps.ts';

// The driver app's calls (docs/decisions/761): the app key on every call (ARCHITECTURE decision 9)
// and the driver token as a bearer. The long poll waits up to 25 s on the server, so its own
// deadline is longer than SPEC 9's 5000 ms that the other calls keep.

const DRIVER_APP_PATH = '/api/v1/driver-app';
/** The server holds a long poll up to `wait` seconds; the phone gives it this much more. */
const LONG_POLL_MARGIN_MS = 10_000;

export interface DriverApiOptions {
  /** Base URL of the common API, e.g. `/common`. */
  baseUrl: string;
  appKey: string;
  fetchFn?: typeof fetch;
}

export interface DriverApi {
  signIn(body: DriverSignInRequest): Promise<DriverSession>;
  signOut(token: string): Promise<void>;
  /** GET /me; with `wait`, a long poll answered when the state's version is not `version`. */
  state(
    token: string,
    options?: { wait?: number; version?: string | null; signal?: AbortSignal },
  ): Promise<DriverState>;
  setOnline(token: string, online: boolean): Promise<DriverState>;
  acceptOffer(token: string, offerId: string): Promise<DriverState>;
  rejectOffer(token: string, offerId: string): Promise<DriverState>;
  reportStep(token: string, serviceId: string, status: TripStep): Promise<void>;
  giveBack(token: string, serviceId: string, reason: string): Promise<DriverState>;
  sendPositions(
    token: string,
    positions: readonly DriverPositionFix[],
  ): Promise<DriverPositionsAnswer>;
  /** Where to PUT one photo of the trip under way (decision 761). */
  photoUploadUrl(
    token: string,
    serviceId: string,
    photo: DriverPhotoUploadUrlRequest,
  ): Promise<GenerateUploadUrlResponse>;
  /** Records a photo of the trip whose bytes were PUT; the same photo id answers the same photo. */
  recordPhoto(token: string, serviceId: string, photoId: PhotoId): Promise<ServicePhoto>;
  /** The driver's photos of the trip, with signed URLs. */
  tripPhotos(token: string, serviceId: string): Promise<ServicePhotosResponse>;
}

interface Call {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  token?: string;
  body?: unknown;
  query?: Record<string, string | number | null | undefined>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

const photosPath = (serviceId: string) => `/services/${encodeURIComponent(serviceId)}/photos`;

export function createDriverApi({ baseUrl, appKey, fetchFn }: DriverApiOptions): DriverApi {
  const base = `${baseUrl.replace(/\/+$/, '')}${DRIVER_APP_PATH}`;

  const send = (call: Call): Promise<Response> =>
    sendAppCall({
      method: call.method,
      url: `${base}${call.path}${queryString(call.query)}`,
      appKey,
      token: call.token,
      body: call.body,
      signal: call.signal,
      timeoutMs: call.timeoutMs,
      fetchFn,
    });

  const json = async <S extends z.ZodMiniType>(call: Call, schema: S): Promise<z.infer<S>> =>
    readAppAnswer(await send(call), schema);

  return {
    signIn: (body) => json({ method: 'POST', path: '/session', body }, DriverSessionSchema),
    signOut: async (token) => {
      await send({ method: 'DELETE', path: '/session', token });
    },
    state: (token, options = {}) =>
      json(
        {
          method: 'GET',
          path: '/me',
          token,
          query: options.wait ? { wait: options.wait, version: options.version } : {},
          signal: options.signal,
          timeoutMs: options.wait ? options.wait * 1000 + LONG_POLL_MARGIN_MS : TIMEOUT_MS,
        },
        DriverStateSchema,
      ),
    setOnline: (token, online) =>
      json({ method: 'POST', path: '/online', token, body: { online } }, DriverStateSchema),
    acceptOffer: (token, offerId) =>
      json(
        { method: 'POST', path: `/offers/${encodeURIComponent(offerId)}/accept`, token },
        DriverStateSchema,
      ),
    rejectOffer: (token, offerId) =>
      json(
        { method: 'POST', path: `/offers/${encodeURIComponent(offerId)}/reject`, token },
        DriverStateSchema,
      ),
    reportStep: async (token, serviceId, status) => {
      await send({
        method: 'POST',
        path: `/services/${encodeURIComponent(serviceId)}/trip-status`,
        token,
        body: { status },
      });
    },
    giveBack: (token, serviceId, reason) =>
      json(
        {
          method: 'POST',
          path: `/services/${encodeURIComponent(serviceId)}/cancel`,
          token,
          body: reason ? { reason } : {},
        },
        DriverStateSchema,
      ),
    sendPositions: (token, positions) =>
      json(
        { method: 'POST', path: '/positions', token, body: { positions } },
        DriverPositionsAnswerSchema,
      ),
    photoUploadUrl: (token, serviceId, photo) =>
      json(
        { method: 'POST', path: `${photosPath(serviceId)}/upload-url`, token, body: photo },
        GenerateUploadUrlResponseSchema,
      ),
    recordPhoto: (token, serviceId, photoId) =>
      json(
        { method: 'POST', path: photosPath(serviceId), token, body: { photoId } },
        ServicePhotoSchema,
      ),
    tripPhotos: (token, serviceId) =>
      json({ method: 'GET', path: photosPath(serviceId), token }, ServicePhotosResponseSchema),
  };
}
