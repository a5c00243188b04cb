import { describe, expect, it } from 'vitest';
import {
  directionsUrl,
  isServiceCenterOpen,
  rankServiceCenters,
  ServiceCentersFileSchema,
  type ServiceCenter,
} from './service-centers.ts';

const center = (id: string, branch: ServiceCenter['branch'], lat: number, lng: number) =>
  ({
    id,
    name: `Centro ${id}`,
    branch,
    address: 'Calle Ejemplo 1',
    city: 'Ciudad',
    phone: '+17875550100',
    location: { lat, lng },
    hours: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], opens: '07:30', closes: '17:00' }],
  }) satisfies ServiceCenter;

const sanJuan = center('san-juan', 'PR', 18.4655, -66.1057);
const ponce = center('ponce', 'PR', 18.0111, -66.6141);
const panama = center('panama', 'PA', 8.9824, -79.5199);

describe('rankServiceCenters', () => {
  it('keeps the brand order and no distance without a position', () => {
    const ranked = rankServiceCenters({ centers: [ponce, sanJuan], branch: 'PR', from: null });
    expect(ranked.map((r) => [r.center.id, r.distanceMeters])).toEqual([
      ['ponce', null],
      ['san-juan', null],
    ]);
  });

  it('puts the nearest first when the position is known', () => {
    const nearSanJuan = { lat: 18.4, lng: -66.06 };
    const ranked = rankServiceCenters({
      centers: [ponce, sanJuan],
      branch: 'PR',
      from: nearSanJuan,
    });
    expect(ranked.map((r) => r.center.id)).toEqual(['san-juan', 'ponce']);
    expect(ranked[0]?.distanceMeters).toBeGreaterThan(5_000);
    expect(ranked[0]?.distanceMeters).toBeLessThan(15_000);
  });

  it("shows only the branch's centres, or all when the branch has none", () => {
    const centers = [ponce, panama];
    expect(
      rankServiceCenters({ centers, branch: 'PA', from: null }).map((r) => r.center.id),
    ).toEqual(['panama']);
    expect(rankServiceCenters({ centers, branch: 'CO', from: null })).toHaveLength(2);
    expect(rankServiceCenters({ centers, branch: null, from: null })).toHaveLength(2);
  });
});

describe('directionsUrl', () => {
  const to = { lat: 18.4655, lng: -66.1057, label: 'Centro & Taller' };
  it('uses geo: on Android so the phone picks its maps app', () => {
    expect(directionsUrl(to, 'android')).toBe(
      'geo:18.4655,-66.1057?q=18.4655,-66.1057(Centro%20%26%20Taller)',
    );
  });
  it('uses Apple Maps on iOS and Google Maps elsewhere', () => {
    expect(directionsUrl(to, 'ios')).toBe(
      'https://maps.apple.com/?daddr=18.4655,-66.1057&q=Centro%20%26%20Taller',
    );
    expect(directionsUrl(to, 'other')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=18.4655,-66.1057',
    );
  });
});

describe('isServiceCenterOpen', () => {
  // Puerto Rico is UTC-4 all year.
  it('is open on a weekday inside the hours, in the branch time zone', () => {
    expect(isServiceCenterOpen(sanJuan, new Date('2026-11-25T12:00:00Z'))).toBe(true); // Wed 08:00
    expect(isServiceCenterOpen(sanJuan, new Date('2026-11-25T11:00:00Z'))).toBe(false); // Wed 07:00
    expect(isServiceCenterOpen(sanJuan, new Date('2026-11-25T21:00:00Z'))).toBe(false); // Wed 17:00
  });
  it('is closed on a day without hours', () => {
    expect(isServiceCenterOpen(sanJuan, new Date('2026-11-29T15:00:00Z'))).toBe(false); // Sunday
  });
});

describe('ServiceCentersFileSchema', () => {
  it('accepts a valid file', () => {
    expect(ServiceCentersFileSchema.safeParse({ centers: [sanJuan, ponce] }).success).toBe(true);
  });
  it.each([
    ['no centres', { centers: [] }],
    ['duplicate ids', { centers: [sanJuan, sanJuan] }],
    [
      'closing before opening',
      { centers: [{ ...sanJuan, hours: [{ days: ['mon'], opens: '18:00', closes: '08:00' }] }] },
    ],
    ['a phone that is not E.164', { centers: [{ ...sanJuan, phone: '787-555-0100' }] }],
    ['a latitude out of range', { centers: [{ ...sanJuan, location: { lat: 95, lng: 0 } }] }],
  ])('refuses %s', (_name, file) => {
    expect(ServiceCentersFileSchema.safeParse(file).success).toBe(false);
  });
});
