import type { BatchRow } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import type { Actor } from '../../platform/authenticate.js';
import { authorizationError, conflictError, notFoundError } from '../../platform/errors.js';
import { audit } from '../../platform/audit.js';

function requireGuide(actor: Actor) {
  if (actor.role !== 'guide') throw authorizationError('You do not have permission to perform this action');
}

export async function listBatches(deps: AppDeps): Promise<BatchRow[]> {
  const rows = await deps.db
    .selectFrom('batches')
    .leftJoin('users', 'users.batch_id', 'batches.id')
    .select((eb) => ['batches.id', 'batches.name', 'batches.created_at', eb.fn.count<string | number>('users.id').as('n')])
    .groupBy(['batches.id', 'batches.name', 'batches.created_at'])
    .orderBy('batches.created_at')
    .orderBy('batches.id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, studentCount: Number(r.n) }));
}

async function assertNameFree(deps: AppDeps, name: string, exceptId?: string) {
  const other = await deps.db.selectFrom('batches').select('id').where('name', '=', name).executeTakeFirst();
  if (other && other.id !== exceptId) throw conflictError('A batch with this name already exists.');
}

/** Batch ids come from the client in the old calls (spec 7); new ones are generated. */
export async function createBatch(deps: AppDeps, actor: Actor, name: string, id?: string): Promise<BatchRow> {
  requireGuide(actor);
  await assertNameFree(deps, name);
  const now = deps.clock.now();
  const batchId = id ?? `batch_${now.getTime()}`;
  if (await deps.db.selectFrom('batches').select('id').where('id', '=', batchId).executeTakeFirst())
    throw conflictError('A batch with this id already exists.');
  await deps.db.transaction().execute(async (trx) => {
    await trx.insertInto('batches').values({ id: batchId, name, created_at: now.toISOString() }).execute();
    await audit(trx, { actorId: actor.id, action: 'batch.create', target: batchId, details: { name }, at: now });
  });
  return { id: batchId, name, studentCount: 0 };
}

export async function renameBatch(deps: AppDeps, actor: Actor, id: string, name: string): Promise<BatchRow> {
  requireGuide(actor);
  const existing = await deps.db.selectFrom('batches').select('id').where('id', '=', id).executeTakeFirst();
  if (!existing) throw notFoundError('Batch not found');
  await assertNameFree(deps, name, id);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('batches').set({ name }).where('id', '=', id).execute();
    await audit(trx, { actorId: actor.id, action: 'batch.rename', target: id, details: { name }, at: now });
  });
  return (await listBatches(deps)).find((b) => b.id === id)!;
}

/** Deleting a batch leaves its students unassigned (the foreign key sets their batch to null). */
export async function deleteBatch(deps: AppDeps, actor: Actor, id: string): Promise<{ unassigned: number }> {
  requireGuide(actor);
  const batch = (await listBatches(deps)).find((b) => b.id === id);
  if (!batch) throw notFoundError('Batch not found');
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ batch_id: null }).where('batch_id', '=', id).execute();
    await trx.deleteFrom('batches').where('id', '=', id).execute();
    await audit(trx, {
      actorId: actor.id,
      action: 'batch.delete',
      target: id,
      details: { name: batch.name, unassigned: batch.studentCount },
      at: now,
    });
  });
  return { unassigned: batch.studentCount };
}
