import { describe, expect, it } from 'vitest';
import { buildCancelRequest, HoldEditCancelRequestSchema } from '../contract/cancel.ts';
import {
  buildCancellationEmail,
  cancellationPlan,
  cancelOutcome,
  routeAfterReset,
} from './cancellation.ts';
import { ACCOUNT_ID, makeSession } from './test-fixtures.ts';

describe('cancellation (SPEC 4 "Cancellation", SPEC 2 cancellation modal)', () => {
  it('SPEC 4: "the cancel call sends status \'Void\' with home empty, schedule empty, cancellationNotes empty and the chosen reason in specificCancellationReason"', () => {
    const body = buildCancelRequest('svc-00000001', 'No necesito servicio');
    expect(body).toEqual({
      _id: 'svc-00000001',
      status: 'Void',
      home: '',
      schedule: '',
      cancellationNotes: '',
      specificCancellationReason: 'No necesito servicio',
    });
    expect(HoldEditCancelRequestSchema.parse(body)).toEqual(body);
  });

  it.each([
    [
      'SPEC 4: "If there is no service to finish ... the state reset without the cancel call" (decision 477: no e-mail either)',
      makeSession({ serviceId: 'svc-00000001' }),
      false,
    ],
    [
      'SPEC 4: "the cancel call" and the e-mail run when a service was created',
      makeSession({ serviceId: 'svc-00000001', serviceNumber: '1001' }),
      true,
    ],
  ])('%s', (_spec, session, created) => {
    expect(cancellationPlan(session)).toEqual({
      callCancel: created,
      sendEmail: created,
      reset: true,
    });
  });

  it.each([
    [
      'SPEC 4: "When the answer has statusText \'OK\', a cancellation e-mail is sent, app state reset ... and the user goes to the root route" (SPEC 2 "with query account (account id) and brand")',
      'OK',
      {
        kind: 'cancelled',
        sendEmail: true,
        reset: true,
        route: { kind: 'route', to: `/?account=${ACCOUNT_ID}&brand=demo`, replace: true },
      },
    ],
    [
      'SPEC 8: "Cancel failure: not shown": no e-mail, no reset, retry (decision 125)',
      'Internal Server Error',
      { kind: 'failed', errorCode: 'CANCEL_FAILED' },
    ],
  ])('%s', (_spec, statusText, expected) => {
    expect(cancelOutcome({ statusText, accountId: ACCOUNT_ID, brand: 'demo' })).toEqual(expected);
  });

  it.each([
    [
      'SPEC 4: "Reset: clears all state and returns to /"',
      false,
      { kind: 'route', to: '/', replace: true },
    ],
    [
      'SPEC 4: "(or to / with account and brand query when the service came from the mobile app)"',
      true,
      { kind: 'route', to: `/?account=${ACCOUNT_ID}&brand=demo`, replace: true },
    ],
  ])('%s', (_spec, fromConnectApp, expected) => {
    expect(routeAfterReset({ fromConnectApp, accountId: ACCOUNT_ID, brand: 'demo' })).toEqual(
      expected,
    );
  });

  it('SPEC 7: "cancellation e-mail, with reason" is about a created service only (decision 477)', () => {
    const session = makeSession({
      accountId: ACCOUNT_ID,
      serviceId: 'svc-00000001',
      situation: 'jumpStart',
    });
    expect(buildCancellationEmail(session, 'Proceso muy complicado')).toBeNull();
    expect(
      buildCancellationEmail({ ...session, serviceNumber: '1001' }, 'Proceso muy complicado'),
    ).toEqual({
      account_id: ACCOUNT_ID,
      reason: 'Proceso muy complicado',
      serviceId: 'svc-00000001',
      serviceNumber: '1001',
    });
  });
});
