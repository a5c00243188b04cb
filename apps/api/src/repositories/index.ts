import type { Db } from '../db/client.ts';
import { createAccountsRepository, type AccountsRepository } from './accounts.ts';
import { createCampaignsRepository, type CampaignsRepository } from './campaigns.ts';
import { createContractsRepository, type ContractsRepository } from './contracts.ts';
import { createDriverSmsRepository, type DriverSmsRepository } from './driver-sms.ts';
import { createDriversRepository, type DriversRepository } from './drivers.ts';
import { createHealthRepository, type HealthRepository } from './health.ts';
import { createIntegrationsRepository, type IntegrationsRepository } from './integrations.ts';
import { createMediaRepository, type MediaRepository } from './media.ts';
import { createMessagesRepository, type MessagesRepository } from './messages.ts';
import {
  createPushSubscriptionsRepository,
  type PushSubscriptionsRepository,
} from './push-subscriptions.ts';
import { createServiceAccessRepository, type ServiceAccessRepository } from './service-access.ts';
import { createServiceEventsRepository, type ServiceEventsRepository } from './service-events.ts';
import { createServiceTypesRepository, type ServiceTypesRepository } from './service-types.ts';
import { createSurveysRepository, type SurveysRepository } from './surveys.ts';
import { createTipsRepository, type TipsRepository } from './tips.ts';
import { createServicesRepository, type ServicesRepository } from './services.ts';

/** Every repository over one database; services receive this, never the raw database. */
export interface Repositories {
  accounts: AccountsRepository;
  campaigns: CampaignsRepository;
  contracts: ContractsRepository;
  drivers: DriversRepository;
  driverSms: DriverSmsRepository;
  health: HealthRepository;
  integrations: IntegrationsRepository;
  media: MediaRepository;
  messages: MessagesRepository;
  pushSubscriptions: PushSubscriptionsRepository;
  /** Token hashes of a service and its shared link (decisions 470, 474). */
  serviceAccess: ServiceAccessRepository;
  serviceEvents: ServiceEventsRepository;
  services: ServicesRepository;
  serviceTypes: ServiceTypesRepository;
  surveys: SurveysRepository;
  tips: TipsRepository;
}

export function createRepositories(db: Db): Repositories {
  return {
    accounts: createAccountsRepository(db),
    campaigns: createCampaignsRepository(db),
    contracts: createContractsRepository(db),
    drivers: createDriversRepository(db),
    driverSms: createDriverSmsRepository(db),
    health: createHealthRepository(db),
    integrations: createIntegrationsRepository(db),
    media: createMediaRepository(db),
    messages: createMessagesRepository(db),
    pushSubscriptions: createPushSubscriptionsRepository(db),
    serviceAccess: createServiceAccessRepository(db),
    serviceEvents: createServiceEventsRepository(db),
    services: createServicesRepository(db),
    serviceTypes: createServiceTypesRepository(db),
    surveys: createSurveysRepository(db),
    tips: createTipsRepository(db),
  };
}
