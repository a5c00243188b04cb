import { PUSH_PROMPT } from '../constants.ts';

// SPEC 2 loading screen: "A push-notification prompt appears (after 1 page view and 5 s)"; SPEC 9
// "Push prompt delay: 1 page view and 5 s". Never again once the customer chose, in the browser or
// in the prompt.

/** The browser's notification permission; 'unsupported' when it has no notifications. */
export type PushPermission = 'default' | 'granted' | 'denied' | 'unsupported';

/** Milliseconds to wait before the push-notification prompt shows; null when it does not show. */
export function pushPromptDelayMs(input: {
  /** Views of the screen on this device, this one included. */
  pageViews: number;
  permission: PushPermission;
  /** The customer already answered our prompt. */
  answered: boolean;
}): number | null {
  if (input.permission !== 'default' || input.answered) return null;
  if (input.pageViews < PUSH_PROMPT.pageViews) return null;
  return PUSH_PROMPT.delayMs;
}
