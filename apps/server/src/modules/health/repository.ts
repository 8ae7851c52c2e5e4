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
