import { useEffect, useState } from 'react';
import {
  platformFromUserAgent,
  shouldShowInstallBanner,
  type DevicePlatform,
} from '@auxilio/domain';
import { localStorageOrNone } from '../../../lib/local-storage.ts';
import {
  installPrompt,
  onInstallPromptChange,
  promptInstall,
} from '../../../lib/install-prompt.ts';

/** localStorage key: when the banner was last answered on this device (ISO date-time). */
export const INSTALL_BANNER_KEY = 'auxilio:install-banner:last-prompt';

/** What the banner needs to know about the device; the browser's by default. */
export interface InstallBannerDevice {
  userAgent: string;
  maxTouchPoints: number;
  /** Opened from the home screen (display-mode standalone, or iOS's navigator.standalone). */
  standalone: boolean;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

export function browserDevice(): InstallBannerDevice {
  const nav = navigator as Navigator & { standalone?: boolean };
  // Storage blocked (private mode in some webviews): the banner may come back next visit.
  const storage = localStorageOrNone();
  return {
    userAgent: nav.userAgent,
    maxTouchPoints: nav.maxTouchPoints,
    standalone:
      (typeof window.matchMedia === 'function' &&
        window.matchMedia('(display-mode: standalone)').matches) ||
      nav.standalone === true,
    storage,
  };
}

function lastPromptAt(storage: InstallBannerDevice['storage']): Date | null {
  const stored = storage?.getItem(INSTALL_BANNER_KEY);
  const date = stored ? new Date(stored) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

export interface InstallBanner {
  visible: boolean;
  platform: DevicePlatform;
  /** Android: the browser offered its install dialog, so "Install" can open it. */
  canPrompt: boolean;
  /** Opens the browser's install dialog; the banner closes whatever the answer. */
  install: () => Promise<void>;
  /** "Not now": the banner rests 30 days (SPEC 9). */
  dismiss: () => void;
}

/**
 * SPEC 9 "shown when more than 30 days since last prompt (or never), on iOS or Android and not
 * standalone" (the domain's shouldShowInstallBanner). Answering it, either way, is the prompt.
 */
export function useInstallBanner(
  device: () => InstallBannerDevice = browserDevice,
  now: () => Date = () => new Date(),
): InstallBanner {
  const [state] = useState(() => {
    const d = device();
    const platform = platformFromUserAgent(d.userAgent, d.maxTouchPoints);
    const show = shouldShowInstallBanner({
      lastPromptAt: lastPromptAt(d.storage),
      now: now(),
      platform,
      standalone: d.standalone,
    });
    return { platform, show, storage: d.storage };
  });
  const [visible, setVisible] = useState(state.show);
  const [canPrompt, setCanPrompt] = useState(() => installPrompt() !== null);
  useEffect(
    () =>
      onInstallPromptChange(() => {
        setCanPrompt(installPrompt() !== null);
      }),
    [],
  );

  const answered = () => {
    try {
      state.storage?.setItem(INSTALL_BANNER_KEY, now().toISOString());
    } catch {
      // A full storage only means the banner may come back sooner.
    }
    setVisible(false);
  };
  return {
    visible,
    platform: state.platform,
    canPrompt,
    install: async () => {
      await promptInstall();
      answered();
    },
    dismiss: answered,
  };
}
