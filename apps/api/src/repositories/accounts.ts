import { AccountConfigSchema, AccountSchema, type Account } from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema.ts';

type AccountRow = typeof accounts.$inferSelect;

/** Row to the wire shape of SPEC 3 "Account" (validated, so a bad row fails loudly here). */
export function toAccount(row: AccountRow): Account {
  return AccountSchema.parse({
    _id: row.id,
    name: row.name,
    smsName: row.smsName,
    branch: row.branch,
    brand: row.brand,
    kind: row.kind,
    phone: row.phone,
    serviceCoordinationPhone: row.serviceCoordinationPhone,
    salesforce: row.salesforceId,
    config: AccountConfigSchema.parse(row.config),
    managementFee: row.managementFeeCents,
    serviceFees: row.serviceFees,
    tax: { label: row.taxLabel, rate: row.taxRate },
    homeServicesAllowed: row.homeServicesAllowed,
    pwaHomeServicesAllowed: row.pwaHomeServicesAllowed,
    pwaRoadServicesAllowed: row.pwaRoadServicesAllowed,
  });
}

export interface AccountsRepository {
  findById(id: string): Promise<Account | undefined>;
  findBySalesforceId(salesforceId: string): Promise<Account | undefined>;
  /** Every account of a brand (a Member and a Visitor account per branch). */
  listByBrand(brand: string): Promise<Account[]>;
}

export function createAccountsRepository(db: Db): AccountsRepository {
  const first = async (where: ReturnType<typeof eq>): Promise<Account | undefined> => {
    const [row] = await db.select().from(accounts).where(where).limit(1);
    return row ? toAccount(row) : undefined;
  };
  return {
    findById: (id) => first(eq(accounts.id, id)),
    findBySalesforceId: (salesforceId) => first(eq(accounts.salesforceId, salesforceId)),
    listByBrand: async (brand) => {
      const rows = await db
        .select()
        .from(accounts)
        .where(eq(accounts.brand, brand))
        .orderBy(accounts.branch, accounts.kind);
      return rows.map(toAccount);
    },
  };
}
