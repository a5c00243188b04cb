import { INITIAL_SESSION } from '@auxilio/domain';
import { describe, expect, it } from 'vitest';
import { personalValuesOf } from './personal-values.ts';
import { scrubEvent, scrubText, scrubUrl } from './scrub.ts';
import { scrubBreadcrumb } from './telemetry-error-reporting.ts';

// Decision 632: no personal data in telemetry events.

const SESSION = {
  ...INITIAL_SESSION,
  phoneNumber: '787-555-0100',
  token: 'Zx9_aB3cD4eF5gH6iJ7kL8mN9oP0',
  userExternalParams: {
    ...INITIAL_SESSION.userExternalParams,
    fullName: 'Glorimar Rivera Figueroa',
    plate: 'GFS-643',
  },
};

describe('scrubUrl', () => {
  it('keeps the path and drops the query and fragment', () => {
    expect(scrubUrl('https://a.example/services?fullName=Ana&plate=X#t')).toBe(
      'https://a.example/services',
    );
    expect(scrubUrl('/common/services/s1/events?token=abc')).toBe('/common/services/s1/events');
    expect(scrubUrl('/tracking')).toBe('/tracking');
  });
});

describe('scrubText', () => {
  it('replaces e-mails, phone numbers, tokens and URL queries', () => {
    const text =
      'Failed for ana@example.com (787-555-0100) with eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.Sf1x at ' +
      'https://auxilio.example/svc-1?account=connect&t=Zx_9-token123456789ABCDEFGH';
    const scrubbed = scrubText(text);
    expect(scrubbed).toBe(
      'Failed for [email] ([number]) with [token] at https://auxilio.example/svc-1',
    );
  });

  it("replaces the customer's own values, names word by word, plates with or without hyphen", () => {
    const values = personalValuesOf(SESSION);
    expect(scrubText('Glorimar Rivera Figueroa has GFS-643', values)).toBe(
      '[redacted] has [redacted]',
    );
    expect(scrubText('Hola glorimar, placa GFS643', values)).toBe(
      'Hola [redacted], placa [redacted]',
    );
    expect(scrubText('(glorimar@example.com, 7875550100)', values)).toBe('([email], [number])');
  });

  it('leaves ordinary text, short words and lower-case hex ids alone', () => {
    const values = personalValuesOf(SESSION);
    expect(scrubText('Cannot read properties of undefined (reading map)', values)).toBe(
      'Cannot read properties of undefined (reading map)',
    );
    expect(scrubText('account c9c3881679b7a328820d09cb', values)).toBe(
      'account c9c3881679b7a328820d09cb',
    );
  });
});

describe('scrubEvent', () => {
  it('drops user, cookies, headers and query strings and keeps protocol ids', () => {
    const event = {
      event_id: '0123456789abcdef0123456789abcdef',
      contexts: {
        trace: { trace_id: '11112222333344445555666677778888', span_id: '1234567812345678' },
      },
      message: 'Error for glorimar@example.com',
      user: { email: 'glorimar@example.com', ip_address: '{{auto}}' },
      request: {
        url: 'https://auxilio.example/services?fullName=Glorimar%20Rivera',
        headers: { Referer: 'https://auxilio.example/?plate=GFS643' },
        cookies: { a: 'b' },
        query_string: 'fullName=Glorimar',
      },
      exception: {
        values: [
          {
            type: 'Error',
            value: 'Vehicle GFS-643 of Glorimar Rivera Figueroa not found',
            stacktrace: {
              frames: [{ filename: 'https://auxilio.example/assets/a.js?v=1', lineno: 3 }],
            },
          },
        ],
      },
      spans: [{ description: 'GET /common/services/s1/events?token=Zx_9aB3cD4eF5gH6iJ7kL8mN9oP0' }],
    };
    const scrubbed = scrubEvent(event, personalValuesOf(SESSION));
    expect(scrubbed).toEqual({
      event_id: event.event_id,
      contexts: event.contexts,
      message: 'Error for [email]',
      request: { url: 'https://auxilio.example/services' },
      exception: {
        values: [
          {
            type: 'Error',
            value: 'Vehicle [redacted] of [redacted] not found',
            stacktrace: {
              frames: [{ filename: 'https://auxilio.example/assets/a.js', lineno: 3 }],
            },
          },
        ],
      },
      spans: [{ description: 'GET /common/services/s1/events' }],
    });
    expect(JSON.stringify(scrubbed)).not.toMatch(/Glorimar|GFS|787|@example/);
  });

  it('keeps navigation and fetch breadcrumbs scrubbed and drops console ones', () => {
    expect(
      scrubBreadcrumb(
        { category: 'navigation', data: { from: '/?fullName=Ana', to: '/services' } },
        [],
      ),
    ).toEqual({ category: 'navigation', data: { from: '/', to: '/services' } });
    expect(scrubBreadcrumb({ category: 'console', message: 'Glorimar' }, ['Glorimar'])).toBeNull();
  });
});
