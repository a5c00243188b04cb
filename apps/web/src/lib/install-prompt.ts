// SPEC 9 add-to-home-screen banner: Chrome on Android fires `beforeinstallprompt` once, early in the
// page's life, when the app can be installed. It is kept here from the start of the page so a
// screen that shows the banner later can still offer the browser's own install dialog.

/** The part of Chrome's BeforeInstallPromptEvent the banner uses. */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function isInstallPromptEvent(event: Event): event is InstallPromptEvent {
  return typeof (event as Partial<InstallPromptEvent>).prompt === 'function';
}

/** Starts keeping the browser's install offer; call once at boot. */
export function listenForInstallPrompt(target: Window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    if (!isInstallPromptEvent(event)) return;
    // Without this the browser shows its own mini-infobar; the banner offers it instead.
    event.preventDefault();
    deferred = event;
    for (const listener of listeners) listener();
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    for (const listener of listeners) listener();
  });
}

/** The browser's install offer, when it made one and it was not used yet. */
export function installPrompt(): InstallPromptEvent | null {
  return deferred;
}

/** Calls `listener` when the offer arrives or goes; returns the unsubscribe. */
export function onInstallPromptChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Opens the browser's install dialog (once: the event cannot be reused). */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  for (const listener of listeners) listener();
  await event.prompt();
  const choice = await event.userChoice;
  return choice.outcome;
}
