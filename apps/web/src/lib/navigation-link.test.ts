import { describe, expect, it } from 'vitest';
import { navigationUrl } from './navigation-link.ts';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile';

describe('navigation hand-off link', () => {
  it('Android gets a geo: URI with the point and its label', () => {
    expect(navigationUrl({ lat: 18.45, lng: -66.07, label: 'Calle Sol 9' }, ANDROID)).toBe(
      'geo:18.45,-66.07?q=18.45,-66.07(Calle%20Sol%209)',
    );
  });
  it('other phones get Google Maps directions to the point', () => {
    expect(navigationUrl({ lat: 18.45, lng: -66.07 }, IPHONE)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=18.45%2C-66.07',
    );
  });
});
