import { describe, expect, it } from 'vitest';
import { checkSvg } from './svg-check.ts';

const NS = 'xmlns="http://www.w3.org/2000/svg"';

describe('checkSvg', () => {
  it('accepts a small well-formed SVG and reads its viewBox', () => {
    const result = checkSvg(
      `<svg ${NS} viewBox="0 0 160 40"><title>x</title><circle r="4"/></svg>\n`,
    );
    expect(result).toEqual({ problems: [], viewBox: [0, 0, 160, 40] });
  });

  it.each([
    ['an unclosed element', `<svg ${NS} viewBox="0 0 1 1"><g></svg>`, /not well-formed/],
    ['mismatched tags', `<svg ${NS} viewBox="0 0 1 1"><g></h></svg>`, /not well-formed/],
    [
      'an unescaped ampersand',
      `<svg ${NS} viewBox="0 0 1 1"><text>A & B</text></svg>`,
      /not well-formed/,
    ],
    ['no viewBox', `<svg ${NS}><rect/></svg>`, /viewBox/],
    ['a zero-size viewBox', `<svg ${NS} viewBox="0 0 0 40"/>`, /viewBox/],
    ['a non-SVG root', `<html ${NS} viewBox="0 0 1 1"/>`, /does not start with <svg|root element/],
    ['no SVG namespace', `<svg viewBox="0 0 1 1"/>`, /root element/],
    ['a script', `<svg ${NS} viewBox="0 0 1 1"><script>alert(1)</script></svg>`, /<script>/],
    ['an event handler', `<svg ${NS} viewBox="0 0 1 1" onload="alert(1)"/>`, /event handler/],
    [
      'an external image',
      `<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 1 1"><image xlink:href="https://x.example/a.png"/></svg>`,
      /external resource/,
    ],
    ['an empty file', '', /does not start with <svg/],
  ])('rejects %s', (_case, text, problem) => {
    const { problems } = checkSvg(text);
    expect(problems.join('\n')).toMatch(problem);
  });
});
