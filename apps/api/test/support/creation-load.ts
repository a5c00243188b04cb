import { ServiceRequestResponseSchema, type ServiceRequestPayloadInput } from '@auxilio/domain';
import { servicePayload } from './service-request-payload.ts';

// Customers creating services while something fails, as the PWA does on a weak signal: each request
// is retried with the same body (the same service id) until it is acknowledged (decision 476).

export interface Acknowledged {
  serviceId: string;
  token: string;
}

export interface CreationLoad {
  /** Every service a client was told was created, with its token. */
  acknowledged: Acknowledged[];
  /** Answers other than 201 while retrying (503s, refused connections), by kind. */
  failures: Map<string, number>;
}

export interface LoadTarget {
  baseUrl: string;
  appKey: string;
  accountId: string;
}

/**
 * Creates one service as the PWA does, retrying the same body through 503s and lost connections
 * until it is acknowledged; `count` hears each failed attempt by kind.
 */
export async function createRetrying(
  target: LoadTarget,
  payload: ServiceRequestPayloadInput = servicePayload(target.accountId),
  options: { deadline?: number; count?: (kind: string) => void } = {},
): Promise<Acknowledged> {
  const deadline = options.deadline ?? Date.now() + 60_000;
  const count = options.count ?? (() => undefined);
  for (;;) {
    if (Date.now() > deadline) throw new Error(`service ${payload.serviceId} never acknowledged`);
    try {
      const response = await fetch(`${target.baseUrl}/common/api/v1/service-requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': target.appKey },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(10_000),
      });
      if (response.status === 201) {
        const { token } = ServiceRequestResponseSchema.parse(await response.json());
        return { serviceId: payload.serviceId, token };
      }
      if (response.status !== 503) {
        throw new Error(`creation answered ${String(response.status)} ${await response.text()}`);
      }
      count('503');
      if (!response.headers.get('retry-after')) count('503 without Retry-After');
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('creation answered')) throw error;
      count('network');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * `clients` customers create services on the target until `stop()` says so; every request that was
 * started is retried until it is acknowledged, or fails the run after `deadlineMs`.
 */
export async function createUnderLoad(
  target: LoadTarget & { clients: number; stop: () => boolean; deadlineMs?: number },
): Promise<CreationLoad> {
  const acknowledged: Acknowledged[] = [];
  const failures = new Map<string, number>();
  const deadline = Date.now() + (target.deadlineMs ?? 60_000);
  const count = (kind: string) => failures.set(kind, (failures.get(kind) ?? 0) + 1);
  await Promise.all(
    Array.from({ length: target.clients }, async () => {
      while (!target.stop()) {
        acknowledged.push(
          await createRetrying(target, servicePayload(target.accountId), { deadline, count }),
        );
      }
    }),
  );
  return { acknowledged, failures };
}
