import type { BatchRow } from '@learn/shared';
import type { Executor } from '../../db/executor.js';

/** Every batch with its student count, oldest first. */
export async function listBatches(db: Executor): Promise<BatchRow[]> {
  const rows = await db
    .selectFrom('batches')
    .leftJoin('users', 'users.batch_id', 'batches.id')
    .select((eb) => ['batches.id', 'batches.name', 'batches.created_at', eb.fn.count<string | number>('users.id').as('n')])
    .groupBy(['batches.id', 'batches.name', 'batches.created_at'])
    .orderBy('batches.created_at')
    .orderBy('batches.id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, studentCount: Number(r.n) }));
}

export async function findBatchIdByName(db: Executor, name: string): Promise<string | undefined> {
  return (await db.selectFrom('batches').select('id').where('name', '=', name).executeTakeFirst())?.id;
}

export async function batchExists(db: Executor, id: string): Promise<boolean> {
  return !!(await db.selectFrom('batches').select('id').where('id', '=', id).executeTakeFirst());
}

export async function insertBatch(db: Executor, id: string, name: string, at: Date): Promise<void> {
  await db.insertInto('batches').values({ id, name, created_at: at.toISOString() }).execute();
}

export async function renameBatch(db: Executor, id: string, name: string): Promise<void> {
  await db.updateTable('batches').set({ name }).where('id', '=', id).execute();
}

/** Its students are left without a batch first (what the foreign key does, made explicit). */
export async function deleteBatch(db: Executor, id: string): Promise<string[]> {
  const members = await db.selectFrom('users').select('id').where('batch_id', '=', id).execute();
  await db.updateTable('users').set({ batch_id: null }).where('batch_id', '=', id).execute();
  await db.deleteFrom('batches').where('id', '=', id).execute();
  return members.map((m) => m.id);
}
