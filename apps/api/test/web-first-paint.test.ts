import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getBrand } from '@auxilio/brands';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { APP_LOCALES, createFirstPaintApp } from './support/first-paint-app.ts';

// Decision 770: the page itself paints the first screen of `/`, `/services` and `/tracking`, in the
// page's brand and language, from the build's translation files, before the scripts arrive; the
// brand's theme is an inline style allowed by its hash alone.

let t: TestApp;

beforeAll(async () => {
  t = await createFirstPaintApp();
});
afterAll(async () => {
  await t.close();
});

/** A text of the app's translation files. */
function text(language: 'es' | 'en', namespace: string, key: string): string {
  const tree: unknown = JSON.parse(
    readFileSync(join(APP_LOCALES, language, `${namespace}.json`), 'utf8'),
  );
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
  if (typeof found !== 'string') throw new Error(`no text ${language}/${namespace}:${key}`);
  return found;
}

async function page(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  const root = /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(res.body)?.[1] ?? '';
  return { res, root, h1: /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(root)?.[1] };
}

describe('the first screen, painted by the page', () => {
  it("/services: the picker's title and lead in the page's language, between the marks", async () => {
    const es = await page('/services?brand=mmm');
    expect(es.root.startsWith('<!--first-paint-->')).toBe(true);
    expect(es.root.endsWith('<!--/first-paint-->')).toBe(true);
    expect(es.h1).toBe(text('es', 'services', 'picker.title'));
    expect(es.root).toContain(text('es', 'services', 'picker.lead'));

    const en = await page('/services?brand=mmm&lang=en');
    expect(en.h1).toBe(text('en', 'services', 'picker.title'));
    // The home track (SPEC 2) has its own lead.
    const home = await page('/services?brand=mmm&lang=en&track=home');
    expect(home.root).toContain(text('en', 'services', 'picker.leadHome'));
  });

  it("/: the greeting by the entry link's first name, escaped, and the brand's lead", async () => {
    const named = await page('/?brand=connect&lang=en&fullName=Ana%20Ruiz');
    expect(named.h1).toBe(text('en', 'home', 'greetingNamed').replace('{{name}}', 'Ana'));
    expect(named.root).toContain(
      text('en', 'home', 'lead').replace('{{brand}}', getBrand('connect')?.name ?? '?'),
    );

    // Tapped before the app has started, the button loads /services with the same entry link.
    expect(named.root).toContain(
      'href="/services?brand=connect&amp;lang=en&amp;fullName=Ana+Ruiz"',
    );

    const hostile = await page('/?brand=connect&fullName=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
    expect(hostile.root).not.toMatch(/<img src=x/i);
    expect(hostile.root).toContain('&lt;img');
  });

  it('the header: a close control in a webview, the provider beside a co-branded brand on tracking', async () => {
    const webview = await page('/services?brand=mmm&isFromWebview=true&lang=en');
    expect(webview.root).toContain(`aria-label="${text('en', 'common', 'header.close')}"`);
    const browser = await page('/services?brand=mmm&lang=en');
    expect(browser.root).not.toContain(`aria-label="${text('en', 'common', 'header.close')}"`);

    const tracking = await page('/tracking?brand=mmm');
    expect(tracking.root).toContain('class="app-header__provider"');
    expect(tracking.root).toContain('tracking--skeleton');
    // Without the phone's tracking cookie (decision 752) the status is a skeleton, no text.
    expect(tracking.h1).toMatch(/^<span class="skeleton skeleton--title"/);
  });

  it("nothing for a corporate brand's home (the app sends it elsewhere) or a screen without one", async () => {
    expect((await page('/?brand=honda')).root).toBe('');
    expect((await page('/tracking/loading?brand=mmm')).root).toBe('');
    expect((await page('/summary?brand=mmm')).root).toBe('');
  });

  it('nothing when the build lacks a text the screen needs', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({
        method: 'GET',
        url: '/services',
        headers: { accept: 'text/html' },
      });
      expect(res.body).toContain('<div id="root"></div>');
    } finally {
      await bare.close();
    }
  });

  it("the brand's theme is the page's one inline style, allowed by its hash, never unsafe-inline", async () => {
    for (const slug of ['connect', 'mmm', 'honda']) {
      const { res } = await page(`/services?brand=${slug}`);
      const styles = [...res.body.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)];
      expect(styles).toHaveLength(1);
      const rule = styles[0]?.[1] ?? '';
      expect(rule).toContain(`--color-primary:${getBrand(slug)?.theme.primary ?? '?'}`);
      const digest = createHash('sha256').update(rule).digest('base64');
      const styleSrc = /style-src ([^;]*)/.exec(String(res.headers['content-security-policy']));
      expect(styleSrc?.[1]?.split(' ')).toEqual(["'self'", `'sha256-${digest}'`]);
    }
  });
});
