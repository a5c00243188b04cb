import { useEffect, useState } from 'react';
import { pushPromptDelayMs, type PushPermission } from '@auxilio/domain';

const VIEWS_KEY = 'auxilio:push-prompt:views';
const ANSWERED_KEY = 'auxilio:push-prompt:answered';

/**
 * Whether to offer notifications now (the domain's pushPromptDelayMs, SPEC 2 "A push-notification
 * prompt appears (after 1 page view and 5 s)"): this screen's views are counted on this device, and
 * the offer waits after the view that reaches the count. Never when the browser has no
 * notifications, the customer already chose in the browser, or answered our banner.
 */
export function usePushPrompt(): { visible: boolean; answer: () => void } {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const views = Number(readStorage(VIEWS_KEY) ?? '0') + 1;
    writeStorage(VIEWS_KEY, String(views));
    const delayMs = pushPromptDelayMs({
      pageViews: views,
      permission: notificationPermission(),
      answered: readStorage(ANSWERED_KEY) !== null,
    });
    if (delayMs === null) return;
    const timer = setTimeout(() => {
      setVisible(true);
    }, delayMs);
    return () => {
      clearTimeout(timer);
    };
  }, []);
  return {
    visible,
    answer: () => {
      writeStorage(ANSWERED_KEY, 'true');
      setVisible(false);
    },
  };
}

function notificationPermission(): PushPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Without storage the banner may show again on the next visit: harmless.
  }
}
