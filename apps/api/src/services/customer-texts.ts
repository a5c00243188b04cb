import { BranchSchema, withQuery, type TextLinkPurpose } from '@auxilio/domain';
import { customerPhoneE164 } from '../lib/phone-numbers.ts';
import type { MessagesRepository, NewMessageRow } from '../repositories/messages.ts';
import type { CommittedServiceChange, ServiceRow } from '../repositories/services.ts';
import { signTextLink, TEXT_LINK_TTL_MS } from './text-links.ts';

// The texts the system sends the customer about their service (docs/decisions/611), each with a
// signed link that opens the service on any phone (decision 610): the confirmation when the
// service is created, "on the way" when the driver sets off, and the second stop when the tow
// leaves for the destination. Queued in the outbox (ARCHITECTURE decision 7) once per service and
// moment; Spanish, the default language (SPEC 9).

/** The moments that send a text, and the page each link opens. */
export type CustomerTextMoment = 'confirmation' | 'onTheWay' | 'secondStop';

export interface CustomerText {
  moment: CustomerTextMoment;
  purpose: TextLinkPurpose;
}

function tripStatusOf(event: { type: string; payload: unknown }): unknown {
  return event.type === 'trip' && typeof event.payload === 'object' && event.payload !== null
    ? (event.payload as { status?: unknown }).status
    : undefined;
}

/** The texts a committed change sends (none for most changes). */
export function customerTextsOf(change: CommittedServiceChange): CustomerText[] {
  const texts: CustomerText[] = [];
  const { service } = change;
  for (const event of change.events) {
    if (event.type === 'created') {
      // A service an agent created waits for the customer to confirm its data (SPEC 4, decision
      // 412): its confirmation text opens the confirm-data landing.
      const awaitsConfirmation =
        service.messageConfirmationStatus !== null &&
        service.messageConfirmationStatus !== 'confirm';
      texts.push({
        moment: 'confirmation',
        purpose: awaitsConfirmation ? 'confirmData' : 'tracking',
      });
    }
    const trip = tripStatusOf(event);
    if (trip === 'ON_ROUTE') texts.push({ moment: 'onTheWay', purpose: 'tracking' });
    if (trip === 'TOWED') texts.push({ moment: 'secondStop', purpose: 'secondStop' });
  }
  return texts;
}

/** The link of a text: the page of its purpose, with its signed token as `t`. */
export function textLinkUrl(
  origin: string,
  service: Pick<ServiceRow, 'id' | 'brand'>,
  purpose: TextLinkPurpose,
  token: string,
): string {
  const id = encodeURIComponent(service.id);
  const base = origin.replace(/\/+$/, '');
  // The brand rides along, so a phone that never opened the app gets the brand's theme at once.
  if (purpose === 'secondStop') {
    return `${base}${withQuery(`/get-service/${id}`, { account: service.brand, t: token })}`;
  }
  // SPEC 9 "Share link: {host}/{serviceId}?account={brand}&redirect=tracking/loading".
  return `${base}${withQuery(`/${id}`, {
    account: service.brand,
    ...(purpose === 'confirmData' ? { type: 'confirmData' } : { redirect: 'tracking/loading' }),
    t: token,
  })}`;
}

const BODIES: Record<CustomerTextMoment, (serviceNumber: number, link: string) => string> = {
  confirmation: (n, link) => `Recibimos su solicitud #${String(n)}. Siga su servicio aquí: ${link}`,
  onTheWay: (n, link) =>
    `Su asistencia va en camino (servicio #${String(n)}). Sígala aquí: ${link}`,
  secondStop: (n, link) =>
    `Su vehículo va camino al destino (servicio #${String(n)}). Siga su servicio aquí: ${link}`,
};

/** The outbox row of one text; its id makes it once per service and moment. */
export function customerTextMessage(
  service: ServiceRow,
  text: CustomerText,
  options: { key: Buffer; origin: string; now: Date },
): NewMessageRow | undefined {
  // Texts go to numbers of the service's own country only (SMS providers take E.164).
  const branch = BranchSchema.safeParse(service.branch);
  const to = service.phone && branch.success ? customerPhoneE164(service.phone, branch.data) : null;
  if (!to) return undefined;
  const expiresAt = new Date(options.now.getTime() + TEXT_LINK_TTL_MS);
  const token = signTextLink(options.key, text.purpose, service, expiresAt);
  const link = textLinkUrl(options.origin, service, text.purpose, token);
  return {
    id: `text-${text.moment}-${service.id}`,
    serviceId: service.id,
    kind: 'sms',
    direction: 'outbound',
    to,
    from: null,
    body: BODIES[text.moment](service.serviceNumber, link),
  };
}

export interface CustomerTextLog {
  warn(details: object, message: string): void;
}

/**
 * A listener of the service write path (decision 204): queues the texts of each committed change in
 * the background. It never throws into the writer; a failed queue is logged.
 */
export function createCustomerTexts(options: {
  messages: Pick<MessagesRepository, 'enqueueOnce'>;
  key: Buffer;
  origin: string;
  log: CustomerTextLog;
}) {
  const pending = new Set<Promise<void>>();
  const notify = (change: CommittedServiceChange): void => {
    for (const text of customerTextsOf(change)) {
      const message = customerTextMessage(change.service, text, { ...options, now: new Date() });
      if (!message) {
        if (change.service.phone) {
          options.log.warn(
            { serviceId: change.service.id, moment: text.moment },
            "customer text not sent: the phone is not a number of the service's country",
          );
        }
        continue;
      }
      const queued = options.messages
        .enqueueOnce(message)
        .then(() => undefined)
        .catch((error: unknown) => {
          options.log.warn(
            { err: error, serviceId: change.service.id },
            'customer text not queued',
          );
        })
        .finally(() => pending.delete(queued));
      pending.add(queued);
    }
  };
  return {
    notify,
    /** Resolves when every text started so far is queued (tests, shutdown). */
    idle: async () => {
      await Promise.all([...pending]);
    },
  };
}
