import { CampaignSchema, type Campaign } from '@auxilio/domain';
import type { RuntimeConfig } from '../../../config/runtime-config.ts';
import { createApiClient } from '../../../lib/api-client.ts';

// SPEC 7 `GET /accounts/campaigns/{name}`: the campaign named by the entry query.

export const campaignKeys = {
  detail: (name: string) => ['campaigns', name] as const,
};

export function getCampaign(config: RuntimeConfig, name: string): Promise<Campaign> {
  const client = createApiClient({ baseUrl: config.api.common, appKey: config.appKey });
  return client.get(`/accounts/campaigns/${encodeURIComponent(name)}`, CampaignSchema);
}
