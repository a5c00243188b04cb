import {
  mergeDriverEta,
  nextTripStatus,
  parseTripStatus,
  type Driver,
  type Service,
  DriverEventSchema,
  EtaEventSchema,
  LocationEventSchema,
  PositionEventSchema,
  StatusEventSchema,
  TripEventSchema,
  type ServiceEventType,
} from '@auxilio/domain';

/**
 * The cached service after one stream event; the same object when the event changes nothing or does
 * not parse. Pure, so the query cache and the tests share it.
 */
export function applyServiceEvent(
  service: Service,
  type: ServiceEventType,
  data: unknown,
): Service {
  switch (type) {
    case 'status': {
      const event = StatusEventSchema.safeParse(data);
      if (!event.success) return service;
      // Back in the queue after being Active: the driver gave the service back (SPEC 4
      // cancelled_by_driver, decision 760). Nobody drives to the customer any more, and the trip of
      // the next driver starts from NEW again.
      if (event.data.status === 'Queued' && service.status === 'Active') {
        const stamps = service.trip.stamps.NEW ? { NEW: service.trip.stamps.NEW } : {};
        return {
          ...service,
          status: 'Queued',
          driver: null,
          trip: { ...service.trip, status: 'NEW', stamps },
        };
      }
      return {
        ...service,
        status: event.data.status,
        endDate: event.data.endDate ?? service.endDate,
      };
    }
    case 'trip': {
      const event = TripEventSchema.safeParse(data);
      const incoming = event.success ? parseTripStatus(event.data.status) : undefined;
      if (!incoming) return service;
      // SPEC 4: "Statuses move forward by rank only; a lower rank never replaces the current one."
      const status = nextTripStatus(service.trip.status, incoming);
      if (status === service.trip.status) return service;
      const at = event.data?.at;
      return {
        ...service,
        trip: {
          ...service.trip,
          status,
          stamps: at ? { ...service.trip.stamps, [incoming]: at } : service.trip.stamps,
        },
      };
    }
    case 'driver': {
      const event = DriverEventSchema.safeParse(data);
      if (!event.success) return service;
      const { _id, name, vehicleType, employeeImage, vehicleImage, lat, lng } = event.data;
      const same = service.driver?._id === _id || service.driver?.id === _id;
      const base: Driver = same && service.driver ? service.driver : { name };
      const driver: Driver = {
        ...base,
        _id,
        id: _id,
        name,
        ...(vehicleType != null ? { vehicleType } : {}),
        ...(employeeImage !== undefined ? { employeeImage } : {}),
        ...(vehicleImage !== undefined ? { vehicleImage } : {}),
        ...(lat != null && lng != null ? { lat, lng } : {}),
      };
      return { ...service, driver, provider: { name } };
    }
    case 'eta': {
      const event = EtaEventSchema.safeParse(data);
      if (!event.success || !service.driver) return service;
      return { ...service, driver: withEta(service.driver, event.data) };
    }
    case 'position': {
      const event = PositionEventSchema.safeParse(data);
      if (!event.success) return service;
      const { lat, lng } = event.data;
      const provider = service.locations.provider;
      return {
        ...service,
        driver: service.driver ? { ...withEta(service.driver, event.data), lat, lng } : null,
        locations: {
          ...service.locations,
          provider: provider
            ? { ...provider, lat, lng }
            : { lat, lng, address: '', placeId: '', prettyAddress: '' },
        },
      };
    }
    case 'location': {
      const event = LocationEventSchema.safeParse(data);
      if (!event.success) return service;
      const { lat, lng, address } = event.data;
      const situation = service.locations.situation;
      return {
        ...service,
        locations: {
          ...service.locations,
          situation: situation
            ? { ...situation, lat, lng, address }
            : { lat, lng, address, placeId: '', prettyAddress: address },
        },
      };
    }
    case 'created':
      return service;
  }
}

function withEta(
  driver: Driver,
  event: { eta?: number | null | undefined; distance?: number | null | undefined },
): Driver {
  // SPEC 4: "A driver's eta is overwritten only when the new value is 0 or more."
  const eta = mergeDriverEta(driver.eta, event.eta);
  const distance = event.distance != null && event.distance >= 0 ? event.distance : driver.distance;
  return { ...driver, eta, distance };
}

/** Events after which the whole service is read again: rare, and they may change more fields. */
export function needsFullRefresh(type: ServiceEventType): boolean {
  return type === 'status' || type === 'driver';
}
