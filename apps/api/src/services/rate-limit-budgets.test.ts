import { describe, expect, it } from 'vitest';
import { rateLimitClassOf, rateLimitMaxOf } from './rate-limit-budgets.ts';

// The budget class of each kind of route (docs/decisions/471, 417): a route that moved to a looser
// class would go on answering, so only these say which budget it counts against.

describe('rateLimitClassOf', () => {
  it('exempts the health and readiness checks, and nothing that only starts like them', () => {
    for (const url of ['/health', '/ready', '/health/db']) {
      expect(rateLimitClassOf('GET', url)).toBe('exempt');
    }
    expect(rateLimitClassOf('GET', '/healthz')).toBe('default');
    expect(rateLimitClassOf('GET', '/readyz')).toBe('default');
  });

  it('counts files (the app shell, brand assets, tiles, docs) in the static budget', () => {
    for (const url of ['/*', '/map/tiles/:z/:x/:y', '/brands/:brand/logo', '/docs']) {
      expect(rateLimitClassOf('GET', url)).toBe('static');
    }
    expect(rateLimitClassOf('GET', '/mapping')).toBe('default');
  });

  it('counts the calls that create something or move money in the strict budget, by method', () => {
    expect(rateLimitClassOf('POST', '/common/api/v1/service-requests')).toBe('strict');
    expect(rateLimitClassOf('POST', '/common/payments/charge')).toBe('strict');
    expect(rateLimitClassOf('POST', '/common/tips')).toBe('strict');
    expect(rateLimitClassOf('POST', '/common/api/v1/services/:id/share')).toBe('strict');
    expect(rateLimitClassOf('GET', '/common/api/v1/service-requests')).toBe('default');
  });

  it('counts the lookups about people, vehicles and drivers together, HEAD as its GET', () => {
    expect(rateLimitClassOf('GET', '/common/api/v1/dispatch/contracts')).toBe('lookup');
    expect(rateLimitClassOf('HEAD', '/common/api/v1/mmm/member/:id/vehicle')).toBe('lookup');
    expect(rateLimitClassOf('POST', '/autodispatch/api/suggestions')).toBe('lookup');
  });

  it('leaves the hot read and the driver app in the default budget', () => {
    expect(rateLimitClassOf('GET', '/common/services/:id')).toBe('default');
    expect(rateLimitClassOf('POST', '/common/api/v1/driver-app/position')).toBe('default');
  });
});

describe('rateLimitMaxOf', () => {
  it('gives each class its own budget and the exempt routes none', () => {
    const config = { max: 600, strictMax: 30, lookupMax: 60, staticMax: 3000 };
    expect(rateLimitMaxOf('exempt', config)).toBeUndefined();
    expect(rateLimitMaxOf('static', config)).toBe(3000);
    expect(rateLimitMaxOf('strict', config)).toBe(30);
    expect(rateLimitMaxOf('lookup', config)).toBe(60);
    expect(rateLimitMaxOf('default', config)).toBe(600);
  });
});
