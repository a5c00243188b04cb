import { INITIAL_SESSION, NO_TELEMETRY } from '@auxilio/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAnalytics } from './telemetry-analytics.ts';
import { startGuide } from './telemetry-guide.ts';
import { startTagManager } from './telemetry-tag-manager.ts';
import { resetTelemetryForTests, setTelemetryContext, startTelemetry } from './telemetry.ts';

// Decision 631: a service loads only when configured; decision 633: analytics, tag manager and guide
// tool hear only the account id, brand, branch and whether a contract was found.

const CONTEXT = {
  accountId: 'c9c3881679b7a328820d09cb',
  brand: 'connect',
  branch: 'PR',
  hasContract: true,
} as const;
const options = { session: () => INITIAL_SESSION };

const scripts = () => [...document.querySelectorAll('script')].map((script) => script.src);

beforeEach(() => {
  resetTelemetryForTests();
  document.head.innerHTML = '';
  delete window.dataLayer;
  delete window.analytics;
  delete window.pendo;
  window.history.replaceState(null, '', '/services?fullName=Glorimar%20Rivera&plate=GFS643');
});
afterEach(() => {
  resetTelemetryForTests();
});

async function settle() {
  // Dynamic imports and their promise chains.
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('startTelemetry', () => {
  it('loads nothing and sends nothing when nothing is configured', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    startTelemetry(NO_TELEMETRY, options);
    setTelemetryContext(CONTEXT);
    await settle();
    expect(scripts()).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(window.dataLayer).toBeUndefined();
    expect(window.analytics).toBeUndefined();
    expect(window.pendo).toBeUndefined();
  });

  it('loads the configured services once, and tells them the context set before they started', async () => {
    setTelemetryContext(CONTEXT);
    const config = {
      ...NO_TELEMETRY,
      tagManager: { containerId: 'GTM-AB12CD' },
      guide: { apiKey: 'guide-key' },
    };
    startTelemetry(config, options);
    startTelemetry(config, options);
    await settle();
    expect(scripts()).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD',
      'https://cdn.pendo.io/agent/static/guide-key/pendo.js',
    ]);
    expect(window.dataLayer).toContainEqual({ event: 'auxilio.context', ...CONTEXT });
    expect(window.analytics).toBeUndefined();
  });
});

describe('services that read the address themselves', () => {
  it('start only once the address no longer carries personal data; error reporting is not held', async () => {
    let clean: () => void = () => undefined;
    const urlIsClean = new Promise<void>((resolve) => {
      clean = resolve;
    });
    startTelemetry(
      { ...NO_TELEMETRY, tagManager: { containerId: 'GTM-AB12CD' } },
      { ...options, whenUrlIsClean: () => urlIsClean },
    );
    setTelemetryContext(CONTEXT);
    await settle();
    expect(scripts()).toEqual([]);
    expect(window.dataLayer).toBeUndefined();
    clean();
    await settle();
    expect(scripts()).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD']);
    expect(window.dataLayer).toContainEqual({ event: 'auxilio.context', ...CONTEXT });
  });
});

describe('adapters', () => {
  it('tag manager: the gtm.js start event, then the context', () => {
    const tagManager = startTagManager('GTM-AB12CD');
    tagManager.setContext(CONTEXT);
    expect(window.dataLayer?.[0]).toMatchObject({ event: 'gtm.js' });
    expect(window.dataLayer?.[1]).toEqual({ event: 'auxilio.context', ...CONTEXT });
  });

  it('analytics: a group call for the account, naming the page without its query', () => {
    const analytics = startAnalytics('write_key');
    analytics.setContext(CONTEXT);
    expect(scripts()).toEqual([
      'https://cdn.segment.com/analytics.js/v1/write_key/analytics.min.js',
    ]);
    expect(window.analytics?._writeKey).toBe('write_key');
    expect([...(window.analytics ?? [])]).toEqual([
      [
        'group',
        CONTEXT.accountId,
        { brand: 'connect', branch: 'PR', hasContract: true },
        {
          context: {
            page: {
              url: 'http://localhost:3000/services',
              path: '/services',
              search: '',
              referrer: '',
            },
          },
        },
      ],
    ]);
    expect(JSON.stringify(window.analytics)).not.toMatch(/Glorimar|GFS643/);
  });

  it('guide tool: an anonymous visitor, the account, no page text, no query', () => {
    const guide = startGuide('guide-key');
    guide.setContext(CONTEXT);
    guide.setContext({ ...CONTEXT, hasContract: false });
    const [initialize, update] = window.pendo?._q ?? [];
    expect(initialize).toEqual([
      'initialize',
      {
        visitor: { id: '', hasContract: true },
        account: { id: CONTEXT.accountId, brand: 'connect', branch: 'PR' },
        excludeAllText: true,
        location: {
          transforms: [
            { attr: 'search', action: 'Clear' },
            { attr: 'hash', action: 'Clear' },
          ],
        },
      },
    ]);
    expect(update?.[0]).toBe('updateOptions');
  });
});
