import { describe, expect, it } from 'vitest';
import { testService } from '../../../test/service-fixture.ts';
import { applyServiceEvent } from './apply-service-event.ts';

describe('a stream event applied to the cached service', () => {
  it('status: the new legacy status (a cancel is Void)', () => {
    expect(
      applyServiceEvent(testService(), 'status', { status: 'Void', statusNumber: 7 }).status,
    ).toBe('Void');
  });

  it('status: an Active service back in the queue (its driver gave it back) loses the driver and restarts its trip', () => {
    const working = testService({
      status: 'Active',
      trip: {
        status: 'ON_ROUTE',
        stamps: { NEW: '2026-11-21T18:00:00.000Z', ON_ROUTE: '2026-11-21T18:01:00.000Z' },
        simulatedEta: 300,
      },
    });
    const next = applyServiceEvent(working, 'status', { status: 'Queued', statusNumber: 8 });
    expect(next.status).toBe('Queued');
    expect(next.driver).toBeNull();
    expect(next.trip.status).toBe('NEW');
    expect(next.trip.stamps).toEqual({ NEW: '2026-11-21T18:00:00.000Z' });
    // The next driver's trip moves forward from there.
    expect(applyServiceEvent(next, 'trip', { status: 'ACCEPTED' }).trip.status).toBe('ACCEPTED');
  });

  it('trip: moves forward and stamps the time', () => {
    const next = applyServiceEvent(testService(), 'trip', {
      status: 'ON_ROUTE',
      at: '2026-11-21T18:01:00.000Z',
    });
    expect(next.trip.status).toBe('ON_ROUTE');
    expect(next.trip.stamps.ON_ROUTE).toBe('2026-11-21T18:01:00.000Z');
  });

  it('trip: SPEC 4 "a lower rank never replaces the current one"', () => {
    const arrived = testService({ trip: { status: 'ARRIVED', stamps: {}, simulatedEta: null } });
    expect(applyServiceEvent(arrived, 'trip', { status: 'ON_ROUTE' })).toBe(arrived);
  });

  it('driver: a new driver replaces the old one, with photos and position', () => {
    const next = applyServiceEvent(testService({ driver: null }), 'driver', {
      _id: 'driver-9',
      name: 'Marta',
      employeeImage: '/common/media/e9.svg',
      vehicleImage: null,
      lat: 18.3,
      lng: -66.2,
    });
    expect(next.driver).toMatchObject({ _id: 'driver-9', name: 'Marta', lat: 18.3, lng: -66.2 });
    expect(next.driver?.employeeImage).toBe('/common/media/e9.svg');
  });

  it('position: moves the driver and the provider location, and updates the eta', () => {
    const next = applyServiceEvent(testService(), 'position', {
      lat: 18.41,
      lng: -66.09,
      eta: 120,
      distance: 800,
    });
    expect(next.driver).toMatchObject({ lat: 18.41, lng: -66.09, eta: 120, distance: 800 });
    expect(next.locations.provider).toMatchObject({ lat: 18.41, lng: -66.09 });
  });

  it('eta: SPEC 4 "overwritten only when the new value is 0 or more"', () => {
    expect(applyServiceEvent(testService(), 'eta', { eta: -1 }).driver?.eta).toBe(900);
    expect(applyServiceEvent(testService(), 'eta', { eta: 0 }).driver?.eta).toBe(0);
  });

  it('location: the situation moves where the customer is', () => {
    const next = applyServiceEvent(testService(), 'location', {
      lat: 18.47,
      lng: -66.11,
      address: 'Calle Sol 9',
    });
    expect(next.locations.situation).toMatchObject({
      lat: 18.47,
      lng: -66.11,
      address: 'Calle Sol 9',
    });
  });

  it('an event that does not parse changes nothing', () => {
    const service = testService();
    expect(applyServiceEvent(service, 'position', { lat: 'north' })).toBe(service);
    expect(applyServiceEvent(service, 'status', { status: 'Lost' })).toBe(service);
  });
});
