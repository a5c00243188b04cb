import { describe, expect, it } from 'vitest';
import type { SharedLinkParams } from '../entry-params.ts';
import type { ServiceStatus } from '../service-status.ts';
import { sharedLinkRedirect } from './shared-link.ts';
import { DRIVER } from './test-fixtures.ts';

describe('sharedLinkRedirect (SPEC 4 "Shared-link landing")', () => {
  it.each<[string, SharedLinkParams, ServiceStatus, string, boolean]>([
    [
      'SPEC 4: "if type is confirmData, Finished goes to survey"',
      { type: 'confirmData', redirect: 'comments' },
      'Finished',
      '/survey',
      false,
    ],
    [
      'SPEC 4: "if type is confirmData ... Active to tracking/loading"',
      { type: 'confirmData', redirect: 'comments' },
      'Active',
      '/tracking/loading',
      false,
    ],
    [
      'SPEC 4: "otherwise the requested redirect"',
      { redirect: 'service-details' },
      'Active',
      '/service-details',
      false,
    ],
    [
      'SPEC 9: share link "redirect=tracking/loading"',
      { redirect: 'tracking/loading' },
      'Queued',
      '/tracking/loading',
      false,
    ],
    [
      'SPEC 4: "If Finished and the target is tracking ... go to survey"',
      { redirect: 'tracking' },
      'Finished',
      '/survey',
      false,
    ],
    [
      'SPEC 4: "If Finished and the target is ... tracking/permission ... go to survey"',
      { redirect: 'tracking/permission' },
      'Finished',
      '/survey',
      false,
    ],
    [
      'SPEC 4: "If Finished and the target is ... survey, go to survey"',
      { redirect: 'survey' },
      'Finished',
      '/survey',
      false,
    ],
    [
      'SPEC 4: "If HoldInspection ... and the target is comments, stay there and mark as redirected from comments"',
      { redirect: 'comments' },
      'HoldInspection',
      '/comments',
      true,
    ],
    [
      'SPEC 4: "If ... Queued ... and the target is comments, stay there"',
      { redirect: 'comments' },
      'Queued',
      '/comments',
      true,
    ],
    [
      'SPEC 4: "If ... Active and the target is comments, stay there"',
      { redirect: 'comments' },
      'Active',
      '/comments',
      true,
    ],
    [
      'SPEC 4: comments of a finished service are closed (decision 123)',
      { redirect: 'comments' },
      'Finished',
      '/tracking/loading',
      false,
    ],
    [
      'SPEC 4: "Some services force tracking/loading" (no driver yet, decision 123)',
      { redirect: 'tracking' },
      'Queued',
      '/tracking/loading',
      false,
    ],
    [
      'SPEC 4: an active service with a driver opens tracking',
      { redirect: 'tracking' },
      'Active',
      '/tracking',
      false,
    ],
    [
      'SPEC 9: a link without redirect follows the service',
      {},
      'Active',
      '/tracking/loading',
      false,
    ],
  ])('%s', (_spec, params, status, to, redirectedFromComments) => {
    expect(sharedLinkRedirect({ params, service: { status, driver: DRIVER } })).toEqual({
      kind: 'route',
      to,
      replace: true,
      redirectedFromComments,
    });
  });
});
