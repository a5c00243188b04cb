import { CampaignSchema, type Campaign } from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { campaigns } from '../db/schema.ts';

export interface CampaignsRepository {
  findByName(name: string): Promise<Campaign | undefined>;
}

export function createCampaignsRepository(db: Db): CampaignsRepository {
  return {
    findByName: async (name) => {
      const [row] = await db.select().from(campaigns).where(eq(campaigns.name, name)).limit(1);
      if (!row) return undefined;
      return CampaignSchema.parse({
        name: row.name,
        account: row.accountId,
        brand: row.brand,
        serviceTypes: row.serviceTypes,
        active: row.active,
      });
    },
  };
}
