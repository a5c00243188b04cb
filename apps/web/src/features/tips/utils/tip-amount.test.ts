import { describe, expect, it } from 'vitest';
import { choiceOf, parseTipAmount } from './tip-amount.ts';

describe('tip amounts', () => {
  it('the default tip 3 is a preset; other stored amounts show as "other"', () => {
    expect(choiceOf(3)).toBe(3);
    expect(choiceOf(4)).toBe('other');
  });

  it.each([
    ['4', 4],
    ['7,50', 7.5],
    [' 12.25 ', 12.25],
    ['100', 100],
    ['0', null],
    ['100.01', null],
    ['1.234', null],
    ['-3', null],
    ['abc', null],
    ['', null],
  ])('%j -> %j', (text, expected) => {
    expect(parseTipAmount(text)).toBe(expected);
  });
});
