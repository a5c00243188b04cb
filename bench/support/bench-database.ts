import pg from 'pg';

// The PostgreSQL database of the benchmarks, `auxilio_bench`, beside the one DATABASE_URL names (or
// the local `test` one): a run resets it, so the benchmarks never touch a database of the tests.

export const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const BENCH_DATABASE = 'auxilio_bench';

/** The benchmark database's URL (created when missing), or undefined when no PostgreSQL answers. */
export async function benchDatabaseUrl(): Promise<string | undefined> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3_000 });
  admin.on('error', () => undefined);
  try {
    await admin.connect();
    const found = await admin.query('select 1 from pg_database where datname = $1', [
      BENCH_DATABASE,
    ]);
    if (found.rowCount === 0) await admin.query(`create database ${BENCH_DATABASE}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${BENCH_DATABASE}`;
    return url.toString();
  } catch {
    return undefined;
  } finally {
    await admin.end().catch(() => undefined);
  }
}
