import type { BatchRow } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import type { Actor } from '../../platform/authenticate.js';
import { authorizationError, conflictError, notFoundError } from '../../platform/errors.js';
import { audit } from '../../platform/audit.js';
import { announceUserChanged } from '../../platform/session-cache.js';
import * as repo from './repository.js';
import { canManageBatches } from './policy.js';

function requireManager(actor: Actor) {
  if (!canManageBatches(actor)) throw authorizationError('You do not have permission to perform this action');
}

export async function listBatches(deps: AppDeps): Promise<BatchRow[]> {
  return repo.listBatches(deps.db);
}

async function assertNameFree(deps: AppDeps, name: string, exceptId?: string) {
  const other = await repo.findBatchIdByName(deps.db, name);
  if (other && other !== exceptId) throw conflictError('A batch with this name already exists.');
}

/** Batch ids come from the client in the old calls (spec 7); new ones are generated. */
export async function createBatch(deps: AppDeps, actor: Actor, name: string, id?: string): Promise<BatchRow> {
  requireManager(actor);
  await assertNameFree(deps, name);
  const now = deps.clock.now();
  const batchId = id ?? `batch_${now.getTime()}`;
  if (await repo.batchExists(deps.db, batchId)) throw conflictError('A batch with this id already exists.');
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertBatch(trx, batchId, name, now);
    await audit(trx, { actorId: actor.id, action: 'batch.create', target: batchId, details: { name }, at: now });
  });
  return { id: batchId, name, studentCount: 0 };
}

export async function renameBatch(deps: AppDeps, actor: Actor, id: string, name: string): Promise<BatchRow> {
  requireManager(actor);
  if (!(await repo.batchExists(deps.db, id))) throw notFoundError('Batch not found');
  await assertNameFree(deps, name, id);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await repo.renameBatch(trx, id, name);
    await audit(trx, { actorId: actor.id, action: 'batch.rename', target: id, details: { name }, at: now });
  });
  return (await repo.listBatches(deps.db)).find((b) => b.id === id)!;
}

/** Deleting a batch leaves its students unassigned. */
export async function deleteBatch(deps: AppDeps, actor: Actor, id: string): Promise<{ unassigned: number }> {
  requireManager(actor);
  const batch = (await repo.listBatches(deps.db)).find((b) => b.id === id);
  if (!batch) throw notFoundError('Batch not found');
  const now = deps.clock.now();
  const members = await deps.db.transaction().execute(async (trx) => {
    const ids = await repo.deleteBatch(trx, id);
    await audit(trx, {
      actorId: actor.id,
      action: 'batch.delete',
      target: id,
      details: { name: batch.name, unassigned: batch.studentCount },
      at: now,
    });
    return ids;
  });
  for (const userId of members) await announceUserChanged(deps, userId);
  return { unassigned: batch.studentCount };
}
