import { createHash } from 'node:crypto';
import type {
  AddNoteRequest,
  AddNoteResponse,
  SituationSpecificationRequest,
  SituationSpecificationResponse,
} from '@auxilio/domain';
import { AppError } from '../lib/errors.ts';
import type { Repositories } from '../repositories/index.ts';
import type { ServiceRow } from '../repositories/services.ts';
import { authorizeService } from './service-tokens.ts';

// SPEC 7 POST /utils/addNote {serviceId, body, employeeId, identifyUserByEmail} and PATCH
// /utils/situation-specification {serviceId, hasComment, imagesCount}; both need the service's
// bearer token (ARCHITECTURE decision 9). Decision 402.

type Repos = Pick<Repositories, 'services'>;

const forbidden = () =>
  new AppError('FORBIDDEN', 'This token does not give access to that service');

/** A voided or cancelled service has no driver to read a note or inspector to count photos. */
function refuseEnded(what: string) {
  return (service: ServiceRow): void => {
    if (service.status === 'Void' || service.status === 'Cancelled') {
      throw new AppError('CONFLICT', `A service that is ${service.status} cannot get ${what}`);
    }
  };
}

/** The author label stored with a note; the token is the customer's, so it is only a label. */
function authorOf(body: AddNoteRequest): string {
  if (body.employeeId) return `employee:${body.employeeId}`;
  if (body.identifyUserByEmail) return `email:${body.identifyUserByEmail}`;
  return 'customer';
}

/** Same service and same text: one note, so a retry on a weak signal never repeats it. */
function noteId(serviceId: string, text: string): string {
  return `note-${createHash('sha256').update(`${serviceId}\n${text}`).digest('hex').slice(0, 32)}`;
}

/**
 * Stores the customer's note for the driver (SPEC 2 "Note modal: 'Instructions for driver'") and
 * publishes it on the service's event stream as a `note` event, where the driver's side reads it.
 */
export async function addNote(
  repos: Repos,
  authorization: string | undefined,
  body: AddNoteRequest,
): Promise<AddNoteResponse> {
  await authorizeService(repos, authorization, body.serviceId);
  const text = body.body.trim();
  const note = await repos.services.addNoteOnce(
    {
      id: noteId(body.serviceId, text),
      serviceId: body.serviceId,
      body: text,
      from: authorOf(body),
    },
    refuseEnded('a note'),
  );
  if (!note) throw forbidden();
  return {
    _id: note.id,
    serviceId: body.serviceId,
    body: note.body,
    createdAt: note.createdAt.toISOString(),
  };
}

/**
 * Records what the customer documented for the situation: a comment or not, and how many photos,
 * which is the number of photos recorded on the service, not the caller's (decision 660).
 */
export async function specifySituation(
  repos: Repos,
  authorization: string | undefined,
  body: SituationSpecificationRequest,
  now: Date = new Date(),
): Promise<SituationSpecificationResponse> {
  await authorizeService(repos, authorization, body.serviceId);
  const stored = await repos.services.setSituationSpecification(
    body.serviceId,
    { hasComment: body.hasComment, updatedAt: now.toISOString() },
    refuseEnded('a situation specification'),
  );
  if (!stored) throw forbidden();
  return { _id: body.serviceId, situationSpecification: stored };
}
