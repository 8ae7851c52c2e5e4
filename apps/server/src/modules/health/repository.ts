import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';

/** Throws when the database does not answer. */
export async function ping(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}

export async function countBatches(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('batches')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The names of the migrations applied (Kysely's own table); empty when it cannot be read. */
export async function appliedMigrations(db: Executor): Promise<string[]> {
  try {
    const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    return rows.rows.map((r) => r.name);
  } catch {
    return [];
  }
}
