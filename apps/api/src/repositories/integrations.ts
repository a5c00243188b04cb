import { IntegrationSchema, type Integration } from '@auxilio/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { integrations } from '../db/schema.ts';

export interface IntegrationsRepository {
  /** The account's integrations of the kinds the domain knows (SPEC 3 Session "integrations"). */
  listForAccount(accountId: string): Promise<Integration[]>;
}

export function createIntegrationsRepository(db: Db): IntegrationsRepository {
  return {
    listForAccount: async (accountId) => {
      const rows = await db
        .select()
        .from(integrations)
        .where(eq(integrations.accountId, accountId))
        .orderBy(asc(integrations.name));
      // A row of a kind this version does not know is left out rather than failing the list.
      return rows.flatMap((row) => {
        const parsed = IntegrationSchema.safeParse({
          name: row.name,
          enabled: row.enabled,
          config: row.config,
        });
        return parsed.success ? [parsed.data] : [];
      });
    },
  };
}
