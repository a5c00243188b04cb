import type { Db } from '../db/client.ts';
import { createAccountsRepository, type AccountsRepository } from './accounts.ts';
import { createAuditLogRepository, type AuditLogRepository } from './audit-log.ts';
import { createCampaignsRepository, type CampaignsRepository } from './campaigns.ts';
import { createContractsRepository, type ContractsRepository } from './contracts.ts';
import { createDispatchRepository, type DispatchRepository } from './dispatch.ts';
import {
  createDispatcherActionsRepository,
  type DispatcherActionsRepository,
} from './dispatcher-actions.ts';
import {
  createDispatcherBoardRepository,
  type DispatcherBoardRepository,
} from './dispatcher-board.ts';
import { createDispatchersRepository, type DispatchersRepository } from './dispatchers.ts';
import { createDriverSmsRepository, type DriverSmsRepository } from './driver-sms.ts';
import { createDriversRepository, type DriversRepository } from './drivers.ts';
import { createGeotextRepository, type GeotextRepository } from './geotext.ts';
import { createHealthRepository, type HealthRepository } from './health.ts';
import { createIntegrationsRepository, type IntegrationsRepository } from './integrations.ts';
import { createMediaRepository, type MediaRepository } from './media.ts';
import { createMessagesRepository, type MessagesRepository } from './messages.ts';
import {
  createMobilePaymentsRepository,
  type MobilePaymentsRepository,
} from './mobile-payments.ts';
import {
  createPushSubscriptionsRepository,
  type PushSubscriptionsRepository,
} from './push-subscriptions.ts';
import { createServiceAccessRepository, type ServiceAccessRepository } from './service-access.ts';
import { createServiceEventsRepository, type ServiceEventsRepository } from './service-events.ts';
import { createServiceTypesRepository, type ServiceTypesRepository } from './service-types.ts';
import { createServiceWritePath } from './service-writes.ts';
import { createTipsRepository, type TipsRepository } from './tips.ts';
import { createServicesRepository, type ServicesRepository } from './services.ts';

/** Every repository over one database; services receive this, never the raw database. */
export interface Repositories {
  accounts: AccountsRepository;
  /** What dispatchers did at the console, append-only (docs/decisions/762). */
  auditLog: AuditLogRepository;
  campaigns: CampaignsRepository;
  contracts: ContractsRepository;
  /** Offers of queued services to drivers (docs/decisions/760). */
  dispatch: DispatchRepository;
  /** The console's actions: direct assignment, suggestions, scoped audit (docs/decisions/762). */
  dispatcherActions: DispatcherActionsRepository;
  /** Dispatchers of the console and their sessions (docs/decisions/762). */
  dispatchers: DispatchersRepository;
  /** The console's board: open services in a scope, drivers of branches (docs/decisions/762). */
  dispatcherBoard: DispatcherBoardRepository;
  drivers: DriversRepository;
  driverSms: DriverSmsRepository;
  /** Rooms of the location-by-text flow (decision 413). */
  geotext: GeotextRepository;
  health: HealthRepository;
  integrations: IntegrationsRepository;
  media: MediaRepository;
  messages: MessagesRepository;
  /** Mobile payments this API started (decisions 433-434). */
  mobilePayments: MobilePaymentsRepository;
  pushSubscriptions: PushSubscriptionsRepository;
  /** Token hashes of a service and its shared link (decisions 474, 476). */
  serviceAccess: ServiceAccessRepository;
  serviceEvents: ServiceEventsRepository;
  /** Service requests: every read, and every write through the one write path (decision 204). */
  services: ServicesRepository;
  serviceTypes: ServiceTypesRepository;
  tips: TipsRepository;
}

export function createRepositories(db: Db): Repositories {
  // One write path: its listeners hear every service change, dispatch's included.
  const writes = createServiceWritePath(db);
  return {
    accounts: createAccountsRepository(db),
    auditLog: createAuditLogRepository(db),
    campaigns: createCampaignsRepository(db),
    contracts: createContractsRepository(db),
    dispatch: createDispatchRepository(db, writes),
    dispatcherActions: createDispatcherActionsRepository(db, writes),
    dispatchers: createDispatchersRepository(db),
    dispatcherBoard: createDispatcherBoardRepository(db),
    drivers: createDriversRepository(db),
    driverSms: createDriverSmsRepository(db),
    geotext: createGeotextRepository(db),
    health: createHealthRepository(db),
    integrations: createIntegrationsRepository(db),
    media: createMediaRepository(db),
    messages: createMessagesRepository(db),
    mobilePayments: createMobilePaymentsRepository(db),
    pushSubscriptions: createPushSubscriptionsRepository(db),
    serviceAccess: createServiceAccessRepository(db),
    serviceEvents: createServiceEventsRepository(db),
    services: createServicesRepository(db, writes),
    serviceTypes: createServiceTypesRepository(db),
    tips: createTipsRepository(db),
  };
}
