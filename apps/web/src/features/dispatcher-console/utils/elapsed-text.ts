import type { TFunction } from 'i18next';
import { elapsedParts } from '../utils/format-board.ts';

/** "45 s", "12 min", "1 h 5 min", "330 días": the time from `since` to `now`. */
export function elapsedText(t: TFunction<'dispatcher'>, since: string, now: Date): string {
  const { unit, value, minutes } = elapsedParts(since, now);
  return t(`age.${unit}`, { value, minutes, count: value });
}
