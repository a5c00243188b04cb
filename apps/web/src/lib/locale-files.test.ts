import { describe, expect, it } from 'vitest';
import { localeFileUrl, localeLoadPath } from './locale-files.ts';

describe('translation file addresses', () => {
  it('name the build, so one release never reads the texts of another', () => {
    const build = '2026-11-27T18:00:00.000Z';
    expect(localeFileUrl('en', 'tracking', build)).toBe(
      '/locales/en/tracking.json?v=2026-11-27T18%3A00%3A00.000Z',
    );
    expect(localeFileUrl('es', 'common', build)).not.toBe(
      localeFileUrl('es', 'common', '2026-11-28T09:00:00.000Z'),
    );
  });

  it('keep the placeholders i18next fills in', () => {
    expect(localeLoadPath('b1')).toBe('/locales/{{lng}}/{{ns}}.json?v=b1');
  });
});
