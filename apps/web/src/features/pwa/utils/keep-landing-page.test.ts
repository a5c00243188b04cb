import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepLandingPageForOffline } from './keep-landing-page.ts';

// Decision 176: the first page a visitor opens loads before the service worker exists; once the
// worker controls it, the page is asked for again through the worker, which keeps it for offline.

const LANDING = 'https://auxilio.example/?brand=mmm&fullName=Ana';

function workerContainer(controlled: boolean) {
  const target = new EventTarget();
  return Object.assign(target, {
    controller: controlled ? ({} as ServiceWorker) : null,
  }) as unknown as ServiceWorkerContainer;
}

describe('keepLandingPageForOffline', () => {
  it('asks for the landing page as HTML once the worker takes control, and only once', async () => {
    const container = workerContainer(false);
    const fetchPage = vi.fn(() => Promise.resolve(new Response('<!doctype html>')));
    keepLandingPageForOffline({ container, fetchPage, url: LANDING, cameThroughWorker: false });
    expect(fetchPage).not.toHaveBeenCalled();

    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    await Promise.resolve();
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage).toHaveBeenCalledWith(LANDING, {
      headers: { accept: 'text/html' },
      credentials: 'same-origin',
    });
  });

  it('reads the page to its end, so a page no cache keeps does not hold its request open', async () => {
    const container = workerContainer(false);
    const page = new Response('<!doctype html>', { headers: { 'cache-control': 'no-store' } });
    keepLandingPageForOffline({
      container,
      fetchPage: () => Promise.resolve(page),
      url: LANDING,
      cameThroughWorker: false,
    });
    container.dispatchEvent(new Event('controllerchange'));
    await vi.waitFor(() => {
      expect(page.bodyUsed).toBe(true);
    });
  });

  it('also asks for the rest of what is on screen, once, when the worker takes control', () => {
    const container = workerContainer(false);
    const alsoKeep = vi.fn();
    keepLandingPageForOffline({
      container,
      fetchPage: () => Promise.resolve(new Response('')),
      url: LANDING,
      cameThroughWorker: false,
      alsoKeep,
    });
    expect(alsoKeep).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(alsoKeep).toHaveBeenCalledTimes(1);
  });

  /** A page a worker controls when the app looks, as it first loaded (through it or not). */
  function controlledPage(cameThroughWorker: boolean) {
    const container = workerContainer(true);
    const fetchPage = vi.fn(() => Promise.resolve(new Response('')));
    const alsoKeep = vi.fn();
    keepLandingPageForOffline({ container, fetchPage, url: LANDING, cameThroughWorker, alsoKeep });
    return { container, fetchPage, alsoKeep };
  }

  it('does nothing when the page itself came through the worker (which kept it then)', () => {
    const { container, fetchPage, alsoKeep } = controlledPage(true);
    container.dispatchEvent(new Event('controllerchange'));
    expect(fetchPage).not.toHaveBeenCalled();
    expect(alsoKeep).not.toHaveBeenCalled();
  });

  it('asks at once when the worker took control before the app looked (a busy phone)', () => {
    const { container, fetchPage, alsoKeep } = controlledPage(false);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage).toHaveBeenCalledWith(LANDING, {
      headers: { accept: 'text/html' },
      credentials: 'same-origin',
    });
    expect(alsoKeep).toHaveBeenCalledTimes(1);
    container.dispatchEvent(new Event('controllerchange'));
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('does nothing without service workers, and stops waiting when asked', () => {
    const fetchPage = vi.fn(() => Promise.resolve(new Response('')));
    expect(() => {
      keepLandingPageForOffline({ container: undefined, fetchPage, url: LANDING })();
    }).not.toThrow();

    const container = workerContainer(false);
    const stop = keepLandingPageForOffline({
      container,
      fetchPage,
      url: LANDING,
      cameThroughWorker: false,
    });
    stop();
    container.dispatchEvent(new Event('controllerchange'));
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it('logs, and does not throw, when the page cannot be fetched', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const container = workerContainer(false);
    keepLandingPageForOffline({
      container,
      fetchPage: () => Promise.reject(new TypeError('offline')),
      url: LANDING,
      cameThroughWorker: false,
    });
    container.dispatchEvent(new Event('controllerchange'));
    await vi.waitFor(() => {
      expect(warn).toHaveBeenCalledTimes(1);
    });
  });
});

describe('keepLandingPageForOffline, by default', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** The module as a page loads it, with or without a worker controlling the page then. */
  async function loadedWith(controller: ServiceWorker | null) {
    const container = Object.assign(new EventTarget(), { controller });
    vi.stubGlobal('navigator', { serviceWorker: container });
    vi.resetModules();
    const module = await import('./keep-landing-page.ts');
    return { container, keep: module.keepLandingPageForOffline };
  }

  it('leaves alone a page a worker controlled from its start', async () => {
    const { container, keep } = await loadedWith({} as ServiceWorker);
    const fetchPage = vi.fn(() => Promise.resolve(new Response('')));
    keep({ fetchPage, url: LANDING });
    container.dispatchEvent(new Event('controllerchange'));
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it('keeps a page no worker controlled at its start, even once one has taken it over', async () => {
    const { container, keep } = await loadedWith(null);
    const fetchPage = vi.fn(() => Promise.resolve(new Response('')));
    // The worker installed and claimed the page before the app looked.
    container.controller = {} as ServiceWorker;
    keep({ fetchPage, url: LANDING });
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });
});
