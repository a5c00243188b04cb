import pg from 'pg';

// The PostgreSQL databases of the benchmarks, `auxilio_bench` by default, beside the one DATABASE_URL
// names (or the local `test` one): a run resets them, so the benchmarks never touch a database of the
// tests.

export const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const BENCH_DATABASE = 'auxilio_bench';

/**
 * A benchmark database's URL (created when missing; dropped and created again, empty, with `fresh`),
 * or undefined when no PostgreSQL answers.
 */
export async function benchDatabaseUrl(
  name: string = BENCH_DATABASE,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<string | undefined> {
  if (!/^auxilio_bench\w*$/.test(name)) throw new Error(`${name} is not a benchmark database`);
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3_000 });
  admin.on('error', () => undefined);
  try {
    await admin.connect();
    if (fresh) await admin.query(`drop database if exists ${name} with (force)`);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database ${name}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    return url.toString();
  } catch {
    return undefined;
  } finally {
    await admin.end().catch(() => undefined);
  }
}
