import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from './helpers.ts';

// Security headers with a Content-Security-Policy, and CORS allowed to the brands' host names only
// (docs/decisions/472, 473): what every response carries, and who may read it.

let t: TestApp;
let appKey: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  appKey = { 'x-api-key': t.config.appKey };
});
afterAll(async () => {
  await t.close();
});

/** `default-src 'self'; img-src ...` → { 'default-src': ["'self'"], ... }. */
function parseCsp(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

describe('security headers', () => {
  it('the PWA page carries a CSP without inline script or eval, and the hardening headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    const csp = parseCsp(res.headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    // The brand's theme, the page's one inline style, is allowed by its hash (decision 770).
    expect(csp['style-src']?.[0]).toBe("'self'");
    expect(csp['style-src']?.slice(1)).toEqual([expect.stringMatching(/^'sha256-[\w+/]+=*'$/)]);
    // No blob: workers: the map (Leaflet, decision 700) runs none.
    expect(csp['worker-src']).toEqual(["'self'"]);
    // The local store's URLs are on the loopback origin without PUBLIC_ORIGIN (decision 504), which
    // a brand host (honda.localhost) must reach.
    const store = `http://localhost:${String(t.config.port)}`;
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', store]);
    expect(csp['connect-src']).toEqual(["'self'", store]);
    expect(csp['manifest-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    const everySource = Object.values(csp).flat();
    expect(everySource).not.toContain("'unsafe-inline'");
    expect(everySource).not.toContain("'unsafe-eval'");

    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-powered-by']).toBeUndefined();
    // Plain http: HSTS would mean nothing and is not sent.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // The index.html the server writes has no inline script that CSP would block: only the
    // runtime config as a JSON data block.
    const inlineScripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
      ([, attributes, content]) =>
        !/\bsrc=/.test(attributes ?? '') && (content ?? '').trim() !== '',
    );
    expect(inlineScripts.map(([, attributes]) => attributes?.trim())).toEqual([
      'id="app-config" type="application/json"',
    ]);
  });

  it('JSON API answers carry the short OWASP REST set, errors included: a policy that allows nothing', async () => {
    for (const url of ['/common/services/types/all', '/autodispatch/api/suggestions']) {
      const res = await t.app.inject({ method: url.startsWith('/common') ? 'GET' : 'POST', url });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('/docs (Swagger UI writes a <style> element) alone allows inline styles; scripts stay self', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs' });
    const csp = parseCsp(res.headers['content-security-policy']);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });

  it('HSTS only when the request came over https (X-Forwarded-Proto behind a trusted proxy)', async () => {
    const proxied = await createTestApp({ config: { trustProxy: true } });
    try {
      const https = await proxied.app.inject({
        method: 'GET',
        url: '/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const http = await proxied.app.inject({ method: 'GET', url: '/health' });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('the CSP names the configured map hosts, Stripe only when it charges, and the S3 bucket', async () => {
    const base = testConfig();
    const configured = await createTestApp({
      config: {
        mapTiles: { url: 'https://tiles.maps.example/{z}/{x}/{y}.png', attribution: '© Maps' },
        payments: {
          ...base.payments,
          card: {
            provider: 'stripe',
            secretKey: 'sk_test_example',
            publishableKey: 'pk_test_example',
            apiBase: undefined,
          },
        },
        storage: {
          ...base.storage,
          driver: 's3',
          s3: {
            endpoint: undefined,
            bucket: 'auxilio-media',
            region: 'us-east-1',
            accessKeyId: 'AKIAEXAMPLE',
            secretAccessKey: 'example-secret',
          },
        },
        security: { ...base.security, mapAssetOrigins: ['https://cdn.maps.example'] },
      },
    });
    try {
      const res = await configured.app.inject({ method: 'GET', url: '/health' });
      const csp = parseCsp(res.headers['content-security-policy']);
      const bucket = [
        'https://auxilio-media.s3.us-east-1.amazonaws.com',
        'https://s3.us-east-1.amazonaws.com',
      ];
      expect(csp['img-src']).toEqual([
        "'self'",
        'data:',
        'blob:',
        'https://tiles.maps.example',
        'https://cdn.maps.example',
        ...bucket,
      ]);
      expect(csp['connect-src']).toEqual([
        "'self'",
        'https://tiles.maps.example',
        'https://cdn.maps.example',
        'https://api.stripe.com',
        ...bucket,
      ]);
      expect(csp['script-src']).toEqual([
        "'self'",
        'https://js.stripe.com',
        'https://*.js.stripe.com',
      ]);
      expect(csp['frame-src']).toEqual([
        "'self'",
        'https://js.stripe.com',
        'https://*.js.stripe.com',
        'https://hooks.stripe.com',
      ]);
    } finally {
      await configured.close();
    }
  });

  it('a publishable key alone (sandbox charges) adds no Stripe origin', async () => {
    const keyOnly = await createTestApp({ config: { stripePublishableKey: 'pk_test_example' } });
    try {
      const res = await keyOnly.app.inject({ method: 'GET', url: '/health' });
      expect(res.headers['content-security-policy']).not.toContain('stripe');
    } finally {
      await keyOnly.close();
    }
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/common/services/types/all',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-api-key,authorization',
      },
    });

  it('a brand host (decision 140) passes the preflight, without credentials', async () => {
    const res = await preflight('https://asistencia.acura.example');
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://asistencia.acura.example');
    expect(String(res.headers['access-control-allow-headers'])).toContain('x-api-key');
    expect(String(res.headers['access-control-allow-headers'])).toContain('authorization');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('a demo brand host on http with a port is allowed; the same name on another host is not', async () => {
    const demo = await preflight('http://honda.localhost:5173');
    expect(demo.headers['access-control-allow-origin']).toBe('http://honda.localhost:5173');
    const lookalike = await preflight('https://evil-honda.localhost');
    expect(lookalike.headers['access-control-allow-origin']).toBeUndefined();
    // A production brand host over plain http is not.
    const plain = await preflight('http://asistencia.acura.example');
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a foreign origin gets no Access-Control-Allow-Origin, on preflight or on the call', async () => {
    const res = await preflight('https://attacker.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const call = await t.app.inject({
      method: 'GET',
      url: '/common/services/types/all',
      headers: { ...appKey, origin: 'https://attacker.example' },
    });
    expect(call.statusCode).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('CORS_ORIGINS are allowed', async () => {
    const base = testConfig();
    const partner = await createTestApp({
      config: { security: { ...base.security, corsOrigins: ['https://partner.example'] } },
    });
    try {
      const res = await partner.app.inject({
        method: 'GET',
        url: '/common/services/types/all',
        headers: { ...appKey, origin: 'https://partner.example' },
      });
      expect(res.headers['access-control-allow-origin']).toBe('https://partner.example');
    } finally {
      await partner.close();
    }
  });
});
