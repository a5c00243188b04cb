import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PAGE from '../../../public/offline.html?raw';
import SCRIPT from '../../../public/offline.js?raw';

// Decision 176: public/offline.html is what the service worker shows, offline, for a page it never
// kept: SPEC 2's no-connection screen, brand-neutral, Spanish first, with a retry that reloads only
// if online. Its script runs here as served, against stand-ins of the browser it reads.

const PUBLIC_DIR = join(import.meta.dirname, '../../../public');

interface Browser {
  search?: string;
  languages?: string[];
  onLine?: boolean;
  stored?: Record<string, string>;
}

function openOfflinePage({
  search = '',
  languages = ['es-PR'],
  onLine = false,
  stored = {},
}: Browser) {
  const parsed = new DOMParser().parseFromString(PAGE, 'text/html');
  document.documentElement.lang = parsed.documentElement.lang;
  document.head.innerHTML = parsed.head.innerHTML;
  document.body.innerHTML = parsed.body.innerHTML;
  const reload = vi.fn();
  const fakeWindow = { location: { search, reload } };
  const fakeNavigator = { languages, language: languages[0], onLine };
  const fakeStorage = { getItem: (key: string) => stored[key] ?? null };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page's script, as served
  const run = new Function('window', 'navigator', 'localStorage', SCRIPT) as (
    ...globals: unknown[]
  ) => void;
  run(fakeWindow, fakeNavigator, fakeStorage);
  return { reload, navigator: fakeNavigator };
}

function offlineTexts(language: 'es' | 'en') {
  const file = readFileSync(join(PUBLIC_DIR, 'locales', language, 'errors.json'), 'utf8');
  return (JSON.parse(file) as { offline: { title: string; retry: string; stillOffline: string } })
    .offline;
}

function session(language: string | null) {
  return { 'auxilio:session': JSON.stringify({ state: { session: { language } }, version: 1 }) };
}

afterEach(() => {
  document.documentElement.lang = '';
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the offline page (public/offline.html)', () => {
  it('asks in Spanish, in the words of the app, and names no brand', () => {
    openOfflinePage({});
    const es = offlineTexts('es');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(es.title);
    expect(screen.getByRole('button', { name: es.retry })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(document.title).toBe('Sin conexión');
    expect(
      document.querySelectorAll('img, link[rel="manifest"], script[type="application/json"]'),
    ).toHaveLength(0);
  });

  it('is Spanish without its script too (the file as served)', () => {
    const parsed = new DOMParser().parseFromString(PAGE, 'text/html');
    expect(parsed.documentElement.lang).toBe('es');
    expect(parsed.querySelector('h1')?.textContent.trim()).toBe(offlineTexts('es').title);
    expect(parsed.querySelector('button')?.textContent.trim()).toBe(offlineTexts('es').retry);
    // The CSP allows no inline code: styles and script are files of their own.
    expect(parsed.querySelectorAll('style, [style], script:not([src])')).toHaveLength(0);
  });

  const languageCases: [string, Browser, 'es' | 'en'][] = [
    ['the browser prefers English', { languages: ['en-US', 'es'] }, 'en'],
    ['the browser prefers Spanish over English', { languages: ['es-PR', 'en-US'] }, 'es'],
    ['the browser prefers neither', { languages: ['fr-FR', 'de'] }, 'es'],
    ['French first, then English', { languages: ['fr-FR', 'en'] }, 'en'],
    ['the link says lang=en (SPEC 1)', { search: '?brand=mmm&lang=en' }, 'en'],
    ['the link says lang=es', { search: '?lang=es', languages: ['en-US'] }, 'es'],
    ['the session keeps English', { stored: session('en') }, 'en'],
    ['the session keeps Spanish', { stored: session('es'), languages: ['en-US'] }, 'es'],
    ['the session has no language', { stored: session(null), languages: ['en-US'] }, 'en'],
    ['the session is unreadable', { stored: { 'auxilio:session': '{' } }, 'es'],
    ['the link outranks the session', { search: '?lang=es', stored: session('en') }, 'es'],
  ];

  it.each(languageCases)('speaks %s → %s', (_case, browser, expected) => {
    openOfflinePage(browser);
    const texts = offlineTexts(expected);
    expect(document.documentElement.lang).toBe(expected);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(texts.title);
    expect(screen.getByRole('button', { name: texts.retry })).toBeInTheDocument();
  });

  it('retry does not reload while offline, and says so in the page language', async () => {
    const { reload } = openOfflinePage({ languages: ['en-US'] });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent(offlineTexts('en').stillOffline);
  });

  it('retry reloads once the device is online', async () => {
    const { reload, navigator } = openOfflinePage({});
    const retry = screen.getByRole('button', { name: 'Reintentar' });
    await userEvent.click(retry);
    expect(screen.getByRole('status')).toHaveTextContent(offlineTexts('es').stillOffline);
    navigator.onLine = true;
    await userEvent.click(retry);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
