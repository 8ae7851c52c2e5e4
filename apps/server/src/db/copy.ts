import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from './database.js';
import { migrateToLatest } from './database.js';

/** Kysely's own bookkeeping: the target gets it from its own migration run. */
const BOOKKEEPING = new Set(['kysely_migration', 'kysely_migration_lock']);
const BATCH = 500;

export interface TableCopy {
  table: string;
  source: number;
  target: number;
}

export class CopyRefused extends Error {}

// Kysely<Database> is typed for the app's tables; a generic copy talks to it by name.
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
const anyDb = (h: DatabaseHandle) => h.db as unknown as AnyDb;

/** The SQLite tables in an order where every table comes after the tables its foreign keys point to. */
async function sqliteTablesInOrder(db: AnyDb): Promise<string[]> {
  const names = (
    await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db)
  ).rows
    .map((r) => r.name)
    .filter((n) => !BOOKKEEPING.has(n));
  const deps = new Map<string, string[]>();
  for (const name of names) {
    const fks = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${name})`.execute(db);
    deps.set(
      name,
      fks.rows.map((r) => r.table).filter((t) => t !== name),
    );
  }
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const d of deps.get(name) ?? []) visit(d, path);
    ordered.push(name);
  };
  for (const name of names) visit(name, new Set());
  return ordered;
}

async function countRows(db: AnyDb, table: string): Promise<number> {
  const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** PostgreSQL column types, to turn SQLite's values (0/1 for booleans, text for JSON) into what a column takes. */
async function pgColumnTypes(db: AnyDb, table: string): Promise<Map<string, string>> {
  const r = await sql<{ column_name: string; data_type: string }>`
    select column_name, data_type from information_schema.columns where table_schema = 'public' and table_name = ${table}`.execute(db);
  return new Map(r.rows.map((c) => [c.column_name, c.data_type]));
}

function convert(value: unknown, type: string | undefined): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') return Boolean(value);
  if (type === 'json' || type === 'jsonb') return typeof value === 'string' ? value : JSON.stringify(value);
  return value;
}

/**
 * Copies every table of a SQLite database into an empty PostgreSQL one (migrated first to the same schema),
 * in one transaction, then checks that each table holds as many rows on both sides. Refuses a target that
 * already holds data. Serial columns continue after the copied ids.
 */
export async function copyDatabase(
  source: DatabaseHandle,
  target: DatabaseHandle,
  log: (line: string) => void = () => {},
): Promise<TableCopy[]> {
  if (source.engine !== 'sqlite' || target.engine !== 'postgres') throw new CopyRefused('db:copy copies a SQLite database into PostgreSQL');
  await migrateToLatest(source);
  await migrateToLatest(target);
  const from = anyDb(source);
  const to = anyDb(target);
  const tables = await sqliteTablesInOrder(from);
  const occupied: string[] = [];
  for (const table of tables) if ((await countRows(to, table)) > 0) occupied.push(table);
  if (occupied.length)
    throw new CopyRefused(`The target database is not empty (${occupied.join(', ')} hold rows): copy into an empty database.`);

  await to.transaction().execute(async (trx) => {
    for (const table of tables) {
      const types = await pgColumnTypes(trx, table);
      let offset = 0;
      let copied = 0;
      // Images (up to a few MB each) go a few at a time.
      const batch = types.get('data') === 'bytea' ? 8 : BATCH;
      for (;;) {
        const rows = (
          await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by rowid limit ${batch} offset ${offset}`.execute(from)
        ).rows;
        if (!rows.length) break;
        const converted = rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, convert(v, types.get(k))])));
        await trx.insertInto(table).values(converted).execute();
        copied += rows.length;
        offset += batch;
      }
      // A serial id continues after the highest copied one.
      if (types.get('id') === 'integer') {
        const seq = await sql<{ s: string | null }>`select pg_get_serial_sequence(${table}, 'id') as s`.execute(trx);
        const name = seq.rows[0]?.s;
        if (name) await sql`select setval(${name}, coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(trx);
      }
      log(`${table}: ${copied} rows`);
    }
  });

  const report: TableCopy[] = [];
  for (const table of tables) report.push({ table, source: await countRows(from, table), target: await countRows(to, table) });
  const wrong = report.filter((r) => r.source !== r.target);
  if (wrong.length)
    throw new Error(`Row counts differ after the copy: ${wrong.map((r) => `${r.table} ${r.source} -> ${r.target}`).join(', ')}`);
  return report;
}
