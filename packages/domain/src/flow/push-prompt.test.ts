import { describe, expect, it } from 'vitest';
import { pushPromptDelayMs, type PushPermission } from './push-prompt.ts';

describe('pushPromptDelayMs (SPEC 2 loading screen, SPEC 9 push prompt delay)', () => {
  it.each<[string, number, PushPermission, boolean, number | null]>([
    ['SPEC 9 "Push prompt delay: 1 page view and 5 s"', 1, 'default', false, 5000],
    ['SPEC 2 "appears (after 1 page view and 5 s)": later views too', 4, 'default', false, 5000],
    ['before the first page view it does not appear', 0, 'default', false, null],
    ['the customer already allowed notifications in the browser', 1, 'granted', false, null],
    ['the customer already blocked notifications in the browser', 1, 'denied', false, null],
    ['a browser without notifications is not asked', 1, 'unsupported', false, null],
    ['the customer already answered the prompt', 3, 'default', true, null],
  ])('%s', (_spec, pageViews, permission, answered, expected) => {
    expect(pushPromptDelayMs({ pageViews, permission, answered })).toBe(expected);
  });
});
