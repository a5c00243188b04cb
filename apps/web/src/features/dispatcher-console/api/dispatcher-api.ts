import {
  CustomerContactSchema,
  DispatcherProfileSchema,
  DispatcherServiceDetailSchema,
  DispatcherSessionSchema,
  DriverSuggestionsSchema,
  GeotextRoomSchema,
  type AssignServiceRequest,
  type CustomerContact,
  type DispatcherProfile,
  type DispatcherServiceDetail,
  type DispatcherSession,
  type DriverSignInRequest,
  type DriverSuggestion,
  type GeotextRoom,
} from '@auxilio/domain';
import type { z } from 'zod/mini';
import { readAppAnswer, sendAppCall } from '../../../lib/api-client.ts';

// The dispatcher's console calls (docs/decisions/762): the app key on every call and the
// dispatcher token as a bearer. Streams cannot send headers, so their URLs carry both in the query.

const DISPATCHER_PATH = '/api/v1/dispatcher';

export interface DispatcherApiOptions {
  /** Base URL of the common API, e.g. `/common`. */
  baseUrl: string;
  appKey: string;
  fetchFn?: typeof fetch;
}

export interface DispatcherApi {
  /** The same sign-in body as the driver app's (the contract's DispatcherSignInRequestSchema). */
  signIn(body: DriverSignInRequest): Promise<DispatcherSession>;
  signOut(token: string): Promise<void>;
  me(token: string): Promise<DispatcherProfile>;
  serviceDetail(token: string, serviceId: string): Promise<DispatcherServiceDetail>;
  /** Opens the customer's full contact; the server logs who asked. */
  openContact(token: string, serviceId: string, reason?: string): Promise<CustomerContact>;
  suggestions(token: string, serviceId: string): Promise<DriverSuggestion[]>;
  assign(
    token: string,
    serviceId: string,
    body: AssignServiceRequest,
  ): Promise<DispatcherServiceDetail>;
  cancel(token: string, serviceId: string, reason: string): Promise<DispatcherServiceDetail>;
  /**
   * Texts the customer. `idempotencyKey` names one intended text: a retry with the same key (after
   * a lost answer) is not sent twice.
   */
  sendText(token: string, serviceId: string, text: string, idempotencyKey: string): Promise<void>;
  createGeotextRoom(
    token: string,
    body: { phoneNumber: string; serviceId?: string },
  ): Promise<GeotextRoom>;
  geotextRoom(token: string, roomId: string): Promise<GeotextRoom>;
  /** The live board's EventSource URL. */
  boardEventsUrl(token: string): string;
  /** A geotext room's EventSource URL (`located` / `failed`). */
  geotextEventsUrl(token: string, roomId: string): string;
}

interface Call {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  token: string;
  body?: unknown;
  idempotencyKey?: string;
}

const servicePath = (serviceId: string) => `/services/${encodeURIComponent(serviceId)}`;
const roomPath = (roomId: string) => `/geotext-rooms/${encodeURIComponent(roomId)}`;

export function createDispatcherApi({
  baseUrl,
  appKey,
  fetchFn,
}: DispatcherApiOptions): DispatcherApi {
  const base = `${baseUrl.replace(/\/+$/, '')}${DISPATCHER_PATH}`;

  const send = (call: Call): Promise<Response> =>
    sendAppCall({
      method: call.method,
      url: `${base}${call.path}`,
      appKey,
      token: call.token,
      body: call.body,
      headers: call.idempotencyKey ? { 'idempotency-key': call.idempotencyKey } : {},
      fetchFn,
    });

  const json = async <S extends z.ZodMiniType>(call: Call, schema: S): Promise<z.infer<S>> =>
    readAppAnswer(await send(call), schema);

  const streamUrl = (path: string, token: string) =>
    `${base}${path}?${new URLSearchParams({ key: appKey, token }).toString()}`;

  return {
    signIn: (body) =>
      json({ method: 'POST', path: '/session', token: '', body }, DispatcherSessionSchema),
    signOut: async (token) => {
      await send({ method: 'DELETE', path: '/session', token });
    },
    me: (token) => json({ method: 'GET', path: '/me', token }, DispatcherProfileSchema),
    serviceDetail: (token, serviceId) =>
      json({ method: 'GET', path: servicePath(serviceId), token }, DispatcherServiceDetailSchema),
    openContact: (token, serviceId, reason) =>
      json(
        {
          method: 'POST',
          path: `${servicePath(serviceId)}/contact`,
          token,
          body: reason ? { reason } : {},
        },
        CustomerContactSchema,
      ),
    suggestions: async (token, serviceId) =>
      (
        await json(
          { method: 'GET', path: `${servicePath(serviceId)}/suggestions`, token },
          DriverSuggestionsSchema,
        )
      ).suggestions,
    assign: (token, serviceId, body) =>
      json(
        { method: 'POST', path: `${servicePath(serviceId)}/assignment`, token, body },
        DispatcherServiceDetailSchema,
      ),
    cancel: (token, serviceId, reason) =>
      json(
        { method: 'POST', path: `${servicePath(serviceId)}/cancellation`, token, body: { reason } },
        DispatcherServiceDetailSchema,
      ),
    sendText: async (token, serviceId, text, idempotencyKey) => {
      await send({
        method: 'POST',
        path: `${servicePath(serviceId)}/messages`,
        token,
        body: { text },
        idempotencyKey,
      });
    },
    createGeotextRoom: (token, body) =>
      json({ method: 'POST', path: '/geotext-rooms', token, body }, GeotextRoomSchema),
    geotextRoom: (token, roomId) =>
      json({ method: 'GET', path: roomPath(roomId), token }, GeotextRoomSchema),
    boardEventsUrl: (token) => streamUrl('/board/events', token),
    geotextEventsUrl: (token, roomId) => streamUrl(`${roomPath(roomId)}/events`, token),
  };
}
