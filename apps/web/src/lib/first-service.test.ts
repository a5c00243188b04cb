import { afterEach, describe, expect, it } from 'vitest';
import { testService } from '../test/service-fixture.ts';
import { takeFirstService } from './first-service.ts';

// Decision 752: the service the server wrote into the /tracking page is the first value of the
// session's service, once, and only when it is that service and well formed.

function pageWith(content: string): void {
  document.body.innerHTML = `<div id="root"><script type="application/json" id="first-service">${content}</script></div>`;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('takeFirstService', () => {
  it('takes the session’s service once', () => {
    const service = testService();
    pageWith(JSON.stringify(service));
    expect(takeFirstService(service._id)).toEqual(service);
    expect(document.getElementById('first-service')).toBeNull();
    expect(takeFirstService(service._id)).toBeUndefined();
  });

  it.each([
    ['another service', JSON.stringify(testService({ _id: 'svc-other' }))],
    ['a body that is not a service', JSON.stringify({ _id: testService()._id, status: 'Active' })],
    ['a body that is not JSON', '{"_id":'],
  ])('takes nothing from %s', (_case, content) => {
    pageWith(content);
    expect(takeFirstService(testService()._id)).toBeUndefined();
  });
});
