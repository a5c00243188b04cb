import { feeBreakdown, ServiceSchema, type LocationPoint, type Service } from '@auxilio/domain';
import type { ServiceDriverRow, ServiceRecord, ServiceRow } from '../../repositories/services.ts';

// SPEC 7 GET /services/{id} ("reads status, trip, driver, locations, situation, branch,
// sfIdAccount"): a service request as the wire shape of SPEC 3 "Service".

function point(
  lat: number | null,
  lng: number | null,
  address: string | null,
  placeId: string | null,
  prettyAddress: string | null,
): LocationPoint | null {
  if (lat === null || lng === null) return null;
  return {
    lat,
    lng,
    address: address ?? '',
    placeId: placeId ?? '',
    prettyAddress: prettyAddress ?? '',
  };
}

function toDriver(driver: ServiceDriverRow, service: ServiceRow): NonNullable<Service['driver']> {
  return {
    _id: driver.id,
    id: driver.id,
    branch: driver.branch as NonNullable<Service['driver']>['branch'],
    name: driver.name,
    email: driver.email,
    phone: driver.phone,
    iconset: driver.iconset,
    inspectorId: driver.inspectorId,
    vehicleType: driver.vehicleType,
    employeeImage: driver.employeeImage,
    vehicleImage: driver.vehicleImage,
    status: driver.status,
    pendingSituation: driver.pendingSituation,
    lat: driver.lastLat,
    lng: driver.lastLng,
    eta: service.driverEtaSeconds,
    distance: service.driverDistanceMeters,
  };
}

/** A service row to the wire shape of SPEC 3 "Service" (validated, so a bad row fails here). */
export function toService({ service: row, driver }: ServiceRecord): Service {
  const payments = row.payments ?? feeBreakdownOf(row);
  return ServiceSchema.parse({
    _id: row.id,
    serviceNumber: String(row.serviceNumber),
    account: row.accountId,
    accountPhone: row.accountPhone ?? '',
    branch: row.branch,
    sfIdAccount: row.sfIdAccount ?? '',
    price: row.priceCents,
    taxRate: row.taxRate,
    date: row.createdAt.toISOString(),
    endDate: row.endDate?.toISOString() ?? null,
    situation: row.situation,
    serviceType: row.serviceType,
    firstname: row.firstname,
    status: row.status,
    schedule: row.schedule?.toISOString() ?? '',
    payments,
    priceDetails: priceDetailsOf(row.priceDetails),
    home: homeVisitOf(row.home),
    external: { id: row.externalId },
    flags: { fromConnectApp: row.fromConnectApp },
    salesforce: { serviceId: row.salesforceServiceId },
    surveys: { answered: row.surveysAnswered },
    surplus: row.surplusCents > 0 ? { amount: row.surplusCents, coveredAmount: null } : null,
    customerContract: row.contractId ?? stringField(row.customerContract, '_id'),
    messageConfirmation: { status: row.messageConfirmationStatus ?? 'pending' },
    provider: row.providerName ? { name: row.providerName } : null,
    trip: {
      status: row.tripStatus,
      stamps: row.tripStamps,
      simulatedEta: row.simulatedEtaSeconds,
    },
    locations: {
      situation: point(
        row.situationLat,
        row.situationLng,
        row.situationAddress,
        row.situationPlaceId,
        row.situationPrettyAddress,
      ),
      destination: point(
        row.destinationLat,
        row.destinationLng,
        row.destinationAddress,
        row.destinationPlaceId,
        row.destinationPrettyAddress,
      ),
      provider: point(
        row.providerLat,
        row.providerLng,
        row.providerAddress,
        row.providerPlaceId,
        row.providerPrettyAddress,
      ),
    },
    driver: driver ? toDriver(driver, row) : null,
  });
}

/** The stored priceDetails when it has the requested shape (home track), else null. */
function priceDetailsOf(stored: ServiceRow['priceDetails']): Service['priceDetails'] {
  const { priceRate, serviceCost } = stored ?? {};
  return typeof priceRate === 'number' && typeof serviceCost === 'number'
    ? { priceRate, serviceCost }
    : null;
}

/** The stored home visit when it has its day and window (decision 644), else null. */
function homeVisitOf(stored: ServiceRow['home']): Service['home'] {
  const parsed = ServiceSchema.shape.home.safeParse(stored);
  return parsed.success ? (parsed.data ?? null) : null;
}

function feeBreakdownOf(row: ServiceRow): Service['payments'] {
  const fees = feeBreakdown({ feeCents: row.priceCents, taxRate: row.taxRate });
  return { subtotal: fees.subtotalCents, tax: fees.taxCents, total: fees.totalCents };
}

function stringField(json: Record<string, unknown> | null, key: string): string | null {
  const value = json?.[key];
  return typeof value === 'string' ? value : null;
}
