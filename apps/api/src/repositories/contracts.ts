import { CustomerContractSchema, type CustomerContract } from '@auxilio/domain';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, contracts, vehicles } from '../db/schema.ts';

type ContractRow = typeof contracts.$inferSelect;
type VehicleRow = typeof vehicles.$inferSelect;

/** Which contract field a search term is compared with (SPEC 5 "Vehicle search term"). */
export type ContractSearchField = 'plate' | 'name' | 'memberId' | 'policyNumber';

export interface ContractSearch {
  field: ContractSearchField;
  /** Already normalised the way the brand's lookup mode says. */
  term: string;
  /** Accounts whose contracts are searched. */
  accountIds: readonly string[];
  branch?: string | undefined;
}

/** A row with its vehicles to the wire shape of CustomerContractSchema (validated). */
function toContract(row: ContractRow, rowVehicles: readonly VehicleRow[]): CustomerContract {
  return CustomerContractSchema.parse({
    _id: row.id,
    account: row.accountId,
    branch: row.branch,
    fullName: row.holderFullName,
    memberId: row.memberId,
    policyNumber: row.policyNumber,
    phone: row.holderPhone,
    email: row.holderEmail,
    active: row.active,
    startDate: row.startsAt.toISOString(),
    endDate: row.expiresAt?.toISOString() ?? null,
    vehicles: rowVehicles.map((vehicle) => ({
      plate: vehicle.plate,
      make: vehicle.make,
      model: vehicle.model,
      year: vehicle.year,
      color: vehicle.color,
      vin: vehicle.vin,
    })),
    coverageLimits: row.coverageLimits,
  });
}

export interface ContractsRepository {
  /** Contracts matching the term (at most 20), with their vehicles, by contract number. */
  search(query: ContractSearch): Promise<CustomerContract[]>;
  findById(id: string): Promise<CustomerContract | undefined>;
  /** Ids of the accounts of one brand in one branch (its Member and Visitor account). */
  listBrandAccountIds(brand: string, branch: string): Promise<string[]>;
}

export function createContractsRepository(db: Db): ContractsRepository {
  const withVehicles = async (rows: readonly ContractRow[]): Promise<CustomerContract[]> => {
    if (rows.length === 0) return [];
    const found = await db
      .select()
      .from(vehicles)
      .where(
        inArray(
          vehicles.contractId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(vehicles.id));
    return rows.map((row) =>
      toContract(
        row,
        found.filter((vehicle) => vehicle.contractId === row.id),
      ),
    );
  };

  const matchOf = (field: ContractSearchField, term: string): SQL => {
    switch (field) {
      case 'plate':
        return sql`${contracts.id} in (select ${vehicles.contractId} from ${vehicles} where ${vehicles.plate} = ${term})`;
      case 'name':
        return sql`lower(${contracts.holderFullName}) = lower(${term})`;
      case 'memberId':
        return eq(contracts.memberId, term);
      case 'policyNumber':
        return eq(contracts.policyNumber, term);
    }
  };

  return {
    search: async (query) => {
      if (query.accountIds.length === 0 || query.term === '') return [];
      const conditions = [
        inArray(contracts.accountId, [...query.accountIds]),
        matchOf(query.field, query.term),
      ];
      if (query.branch) conditions.push(eq(contracts.branch, query.branch));
      const rows = await db
        .select()
        .from(contracts)
        .where(and(...conditions))
        .orderBy(asc(contracts.contractNumber))
        .limit(20);
      return withVehicles(rows);
    },

    findById: async (id) => {
      const rows = await db.select().from(contracts).where(eq(contracts.id, id)).limit(1);
      return (await withVehicles(rows))[0];
    },

    listBrandAccountIds: async (brand, branch) =>
      (
        await db
          .select({ id: accounts.id })
          .from(accounts)
          .where(and(eq(accounts.brand, brand), eq(accounts.branch, branch)))
          .orderBy(asc(accounts.kind))
      ).map((row) => row.id),
  };
}
