import { describe, expect, it } from 'vitest';
import { preselectHomeSubService } from './flow/road-track.ts';
import { HOME_SUB_SERVICES, homeSubServicesOf, isHomeSubServiceOf } from './home-sub-services.ts';
import { HOME_SERVICE_TYPES } from './service-types.ts';

describe('home sub-services (SPEC 2 "/services/home", decision 640)', () => {
  it('offers at least one sub-service for each of the eight home categories', () => {
    for (const category of HOME_SERVICE_TYPES) {
      expect(homeSubServicesOf(category).length).toBeGreaterThan(0);
    }
    expect(Object.keys(HOME_SUB_SERVICES)).toEqual([...HOME_SERVICE_TYPES]);
  });

  it('offers none before a category is chosen', () => {
    expect(homeSubServicesOf(null)).toEqual([]);
  });

  it('keys are unique, so a stored key names one sub-service', () => {
    const keys = Object.values(HOME_SUB_SERVICES).flat();
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('preselects the only sub-service of Fall Prevention (SPEC 4), none for Plumbing', () => {
    expect(preselectHomeSubService(homeSubServicesOf('Fall Prevention'))).toBe('grabBars');
    expect(preselectHomeSubService(homeSubServicesOf('Plumbing'))).toBeNull();
  });

  it('tells whether a stored choice belongs to the category', () => {
    expect(isHomeSubServiceOf('Plumbing', 'leak')).toBe(true);
    expect(isHomeSubServiceOf('Electricity', 'leak')).toBe(false);
    expect(isHomeSubServiceOf(null, 'leak')).toBe(false);
  });
});
