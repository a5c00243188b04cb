import { describe, expect, it } from 'vitest';
import { INITIAL_LOCATIONS } from '../contract/locations.ts';
import { canConfirmLocation } from '../validation.ts';
import {
  asksLocationPermission,
  isReferenceAddressComplete,
  needsDestination,
  permissionAfterPositionRead,
  pointFromPosition,
  referenceFullAddress,
  withLocationPermission,
  withLocationPoint,
  withReferenceAddress,
} from './location-choice.ts';
import { makeSession } from './test-fixtures.ts';

const form = {
  address1: ' Calle Loíza  1500 ',
  address2: '',
  city: 'San Juan',
  zipCode: '00911',
  country: 'Puerto Rico',
};

describe('location screen rules (SPEC 2 "Location screen", SPEC 8)', () => {
  it.each([
    { situation: 'towBreakdown' as const, expected: true },
    { situation: 'towCollision' as const, expected: false },
    { situation: 'flatTire' as const, expected: false },
    { situation: null, expected: false },
  ])(
    'SPEC 2 "A destination box appears only for towBreakdown": $situation -> $expected',
    ({ situation, expected }) => {
      expect(needsDestination(situation)).toBe(expected);
    },
  );

  it.each([
    { permission: 'NOT_ASKED' as const, expected: true },
    { permission: 'DENIED' as const, expected: true },
    { permission: 'GRANTED' as const, expected: false },
  ])('the permission dialog is shown unless granted: $permission', ({ permission, expected }) => {
    expect(asksLocationPermission(permission)).toBe(expected);
  });

  it.each([
    { result: 'position' as const, expected: 'GRANTED' },
    {
      result: 'error' as const,
      expected: 'DENIED',
      spec: 'SPEC 8 "Geolocation unavailable in the location screen: Permission denied"',
    },
  ])('a position read ending in $result stores $expected', ({ result, expected }) => {
    expect(permissionAfterPositionRead(result)).toBe(expected);
  });

  it('replaces one point and the permission without touching the rest', () => {
    const point = pointFromPosition(
      { lat: 18.4, lng: -66.05 },
      { address: 'Calle Loíza, San Juan', placeId: 'pr-1' },
    );
    const session = withLocationPermission(
      withLocationPoint(makeSession(), 'situation', point),
      'GRANTED',
    );
    expect(session.locations).toEqual({
      ...INITIAL_LOCATIONS,
      permission: 'GRANTED',
      situation: {
        lat: 18.4,
        lng: -66.05,
        address: 'Calle Loíza, San Juan',
        placeId: 'pr-1',
        prettyAddress: 'Calle Loíza, San Juan',
      },
    });
  });

  it('a position without an address uses its coordinates as the address (decision 281)', () => {
    expect(pointFromPosition({ lat: 18.4, lng: -66.05 }, null)).toEqual({
      lat: 18.4,
      lng: -66.05,
      address: '18.400000, -66.050000',
      placeId: '',
      prettyAddress: '18.400000, -66.050000',
    });
  });

  it('the manual address joins its filled parts and needs a street and a city', () => {
    expect(referenceFullAddress(form)).toBe('Calle Loíza 1500, San Juan, 00911, Puerto Rico');
    expect(isReferenceAddressComplete(form)).toBe(true);
    expect(isReferenceAddressComplete({ ...form, city: ' ' })).toBe(false);
    expect(isReferenceAddressComplete({ ...form, address1: '' })).toBe(false);
  });

  it('a saved manual address enables confirm-location for a non-tow service (SPEC 5)', () => {
    const session = withReferenceAddress(makeSession({ situation: 'flatTire' }), form);
    expect(session.referenceAddress.fullAddress).toBe(
      'Calle Loíza 1500, San Juan, 00911, Puerto Rico',
    );
    expect(session.locations.situation).toMatchObject({ lat: 0, lng: 0, placeId: '' });
    expect(
      canConfirmLocation({
        situationAddress: session.locations.situation.address,
        serviceType: session.situation,
        destination: session.locations.destination,
      }),
    ).toBe(true);
  });
});
