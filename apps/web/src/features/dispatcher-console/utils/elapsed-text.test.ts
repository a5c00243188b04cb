import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { elapsedText } from './elapsed-text.ts';
import { elapsedParts } from './format-board.ts';

/** The console's texts in a language, as its screens translate them. */
async function dispatcherTexts(lng: 'es' | 'en'): Promise<TFunction<'dispatcher'>> {
  return (await createTestI18n(lng)).getFixedT(lng, 'dispatcher');
}

const NOW = new Date('2026-11-28T14:00:00.000Z');
const before = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();
const HOUR = 3600;
const DAY = 24 * HOUR;

describe('elapsed parts: the unit an age is read in', () => {
  it('reads seconds under a minute, minutes under an hour, hours and minutes under a day', () => {
    expect(elapsedParts(before(45), NOW)).toEqual({ unit: 'seconds', value: 45, minutes: 0 });
    expect(elapsedParts(before(12 * 60 + 30), NOW)).toEqual({
      unit: 'minutes',
      value: 12,
      minutes: 0,
    });
    expect(elapsedParts(before(HOUR + 5 * 60), NOW)).toEqual({
      unit: 'hours',
      value: 1,
      minutes: 5,
    });
    expect(elapsedParts(before(DAY - 1), NOW)).toEqual({ unit: 'hours', value: 23, minutes: 59 });
  });

  it('reads whole days from 24 hours on', () => {
    expect(elapsedParts(before(DAY), NOW)).toEqual({ unit: 'days', value: 1, minutes: 0 });
    expect(elapsedParts(before(7933 * HOUR + 47 * 60), NOW)).toEqual({
      unit: 'days',
      value: 330,
      minutes: 0,
    });
  });

  it('reads a time in the future (a clock ahead) as no time at all', () => {
    expect(elapsedParts(before(-30), NOW)).toEqual({ unit: 'seconds', value: 0, minutes: 0 });
  });
});

describe('elapsed text, as the drivers list and the board show it', () => {
  it('says a position of last year in days, in Spanish and English', async () => {
    const es = await dispatcherTexts('es');
    const en = await dispatcherTexts('en');
    const lastYear = before(7933 * HOUR + 47 * 60);
    expect(es('drivers.lastSeen', { age: elapsedText(es, lastYear, NOW) })).toBe(
      'Posición: hace 330 días',
    );
    expect(en('drivers.lastSeen', { age: elapsedText(en, lastYear, NOW) })).toBe(
      'Position: 330 days ago',
    );
    expect(elapsedText(es, before(DAY + HOUR), NOW)).toBe('1 día');
    expect(elapsedText(en, before(DAY + HOUR), NOW)).toBe('1 day');
  });

  it('keeps hours and minutes under a day, minutes and seconds under an hour', async () => {
    const es = await dispatcherTexts('es');
    expect(elapsedText(es, before(5 * HOUR + 3 * 60), NOW)).toBe('5 h 3 min');
    expect(elapsedText(es, before(6 * 60), NOW)).toBe('6 min');
    expect(elapsedText(es, before(45), NOW)).toBe('45 s');
  });
});
