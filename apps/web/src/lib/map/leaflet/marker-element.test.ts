import { describe, expect, it } from 'vitest';
import { markerAnchor, markerElement, setHeading } from './marker-element.ts';

describe('markerElement', () => {
  it('is an image named for screen readers', () => {
    const pin = markerElement('situation', 'Ubicación del servicio');
    expect(pin.getAttribute('role')).toBe('img');
    expect(pin.getAttribute('aria-label')).toBe('Ubicación del servicio');
    expect(pin.classList).toContain('map-marker--situation');
    expect(pin.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it("the driver's arrow turns with the heading", () => {
    const driver = markerElement('driver', 'Proveedor');
    setHeading(driver, 90);
    expect(driver.querySelector('.map-marker__arrow')?.getAttribute('transform')).toBe(
      'rotate(90 16 16)',
    );
    setHeading(driver, undefined);
    expect(driver.querySelector('.map-marker__arrow')?.getAttribute('transform')).toBe(
      'rotate(0 16 16)',
    );
  });

  it('anchors a pin by its tip and the driver by its centre', () => {
    expect(markerAnchor('destination')).toEqual({ size: [28, 36], anchor: [14, 36] });
    expect(markerAnchor('driver')).toEqual({ size: [32, 32], anchor: [16, 16] });
  });
});
