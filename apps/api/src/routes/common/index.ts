import type { FastifyInstance } from 'fastify';
import serviceRequestsRoutes from './api/v1/service-requests/index.ts';
import driverAppRoutes from './api/v1/driver-app/index.ts';
import driverSessionRoutes from './api/v1/driver-session/index.ts';
import driversRoutes from './api/v1/drivers/index.ts';
import accountsV2Routes from './api/v2/accounts/index.ts';
import accountsRoutes from './accounts/index.ts';
import dispatchRoutes from './api/v1/dispatch/index.ts';
import dispatchCustomerRoutes from './dispatch/index.ts';
import dispatcherRoutes from './api/v1/dispatcher/index.ts';
import dispatcherStreamRoutes from './api/v1/dispatcher/streams.ts';
import geotextResponsesRoutes from './api/v1/geotext-responses/index.ts';
import geotextRoomsRoutes from './api/v1/geotext-rooms/index.ts';
import operatorGeotextRoomsRoutes from './api/v1/operator/geotext-rooms/index.ts';
import operatorServicesRoutes from './api/v1/operator/services/index.ts';
import mmmRoutes from './api/v1/mmm/index.ts';
import feesRoutes from './fees/index.ts';
import mapsRoutes from './maps/index.ts';
import paymentsRoutes from './payments/index.ts';
import surveysRoutes from './surveys/index.ts';
import tipsRoutes from './tips/index.ts';
import mediaRoutes from './media/index.ts';
import providerDriversRoutes from './providers/drivers/index.ts';
import servicesRoutes from './services/index.ts';
import serviceEventsRoutes from './api/v1/services/index.ts';
import shareLinksRoutes, { sharedEventsRoutes } from './api/v1/services/share-links.ts';
import textLinksRoutes from './api/v1/services/text-links.ts';
import servicePhotosRoutes from './api/v1/services/photos.ts';
import serviceTypesRoutes from './services/types/index.ts';
import mmmOpenidRoutes from './api/mmm-openid/index.ts';
import utilsRoutes from './utils/index.ts';

/**
 * The common API (ARCHITECTURE decision 1: SPEC 7 paths under /common). Every route needs the app
 * key (decision 9) in the `x-api-key` header, except media, which `<img>` tags load without headers,
 * and the service event stream, which EventSource opens with the key in the query (decision 222).
 */
export default async function commonRoutes(app: FastifyInstance): Promise<void> {
  await app.register(mediaRoutes, { prefix: '/media' });
  // Checks the app key itself: EventSource may send it as ?key= (decision 222).
  await app.register(serviceEventsRoutes, { prefix: '/api/v1/services' });
  await app.register(sharedEventsRoutes, { prefix: '/api/v1/services' });
  // The operator's key, not the app key (decision 600): checked by the routes themselves.
  await app.register(operatorGeotextRoomsRoutes, { prefix: '/api/v1/operator/geotext-rooms' });
  await app.register(operatorServicesRoutes, { prefix: '/api/v1/operator/services' });
  // The console's streams check the app key (`?key=`) and the dispatcher token themselves.
  await app.register(dispatcherStreamRoutes, { prefix: '/api/v1/dispatcher' });
  await app.register(async (keyed) => {
    keyed.addHook('onRequest', keyed.requireAppKey);
    await keyed.register(serviceTypesRoutes, { prefix: '/services/types' });
    await keyed.register(accountsRoutes, { prefix: '/accounts' });
    await keyed.register(accountsV2Routes, { prefix: '/api/v2/accounts' });
    await keyed.register(servicesRoutes, { prefix: '/services' });
    await keyed.register(serviceRequestsRoutes, { prefix: '/api/v1/service-requests' });
    await keyed.register(shareLinksRoutes, { prefix: '/api/v1/services' });
    await keyed.register(textLinksRoutes, { prefix: '/api/v1/services' });
    await keyed.register(servicePhotosRoutes, { prefix: '/api/v1/services' });
    await keyed.register(driversRoutes, { prefix: '/api/v1/drivers' });
    await keyed.register(providerDriversRoutes, { prefix: '/providers/drivers' });
    await keyed.register(driverAppRoutes, { prefix: '/api/v1/driver-app' });
    await keyed.register(driverSessionRoutes, { prefix: '/api/v1/driver-app' });
    await keyed.register(dispatchRoutes, { prefix: '/api/v1/dispatch' });
    await keyed.register(dispatcherRoutes, { prefix: '/api/v1/dispatcher' });
    await keyed.register(dispatchCustomerRoutes, { prefix: '/dispatch' });
    await keyed.register(mmmRoutes, { prefix: '/api/v1/mmm' });
    await keyed.register(geotextResponsesRoutes, { prefix: '/api/v1/geotext-responses' });
    await keyed.register(geotextRoomsRoutes, { prefix: '/api/v1/geotext-rooms' });
    await keyed.register(feesRoutes, { prefix: '/fees' });
    await keyed.register(surveysRoutes, { prefix: '/surveys' });
    await keyed.register(tipsRoutes, { prefix: '/tips' });
    await keyed.register(mapsRoutes, { prefix: '/maps' });
    await keyed.register(paymentsRoutes, { prefix: '/payments' });
    await keyed.register(mmmOpenidRoutes, { prefix: '/api/mmm-openid' });
    await keyed.register(utilsRoutes, { prefix: '/utils' });
  });
}
