import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BatchRow } from '@learn/shared';
import { api } from '../../../lib/api-client';
import { idempotentRetry } from '../../../lib/retry-policy';
import { toAppError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { saveFallback } from '../lib/fallback';

export const batchesKey = ['batches', 'list'] as const;

/** The batch list; aborted after 8 s (spec 7). Each good answer is kept as the fallback copy. */
export function useBatches() {
  return useQuery({
    queryKey: batchesKey,
    queryFn: async ({ signal }) => {
      const { batches } = await api<{ batches: BatchRow[] }>('batches', { signal, timeoutMs: 8000 });
      saveFallback(batches);
      return batches;
    },
  });
}

type Verb = 'add' | 'update' | 'delete';
const failureTitles: Record<Verb, string> = {
  add: 'Failed to Add Batch',
  update: 'Failed to Update Batch',
  delete: 'Failed to Delete Batch',
};
const failureVerbs: Record<Verb, string> = { add: 'adding', update: 'updating', delete: 'deleting' };

/**
 * The spec's failure toast (section 8), shown after the optimistic change is rolled back. When the server
 * refused the change for a reason the user can fix (a 4xx with a message, e.g. a duplicate name), the toast
 * says that reason instead of "Please try again", which would not help.
 */
export function notifyBatchFailure(verb: Verb, err?: unknown) {
  const e = err === undefined ? undefined : toAppError(err);
  const reason = e?.code && e.code >= 400 && e.code < 500 && e.code !== 401 ? e.message.trim() : '';
  notify({
    type: 'error',
    title: failureTitles[verb],
    message: reason || `An error occurred while ${failureVerbs[verb]} the batch. Please try again.`,
  });
}

interface Snapshot {
  previous: BatchRow[] | undefined;
}

/** Applies `change` to the cached list at once and returns what to roll back to. */
async function optimistic(client: QueryClient, change: (list: BatchRow[]) => BatchRow[]): Promise<Snapshot> {
  await client.cancelQueries({ queryKey: batchesKey });
  const previous = client.getQueryData<BatchRow[]>(batchesKey);
  client.setQueryData<BatchRow[]>(batchesKey, (list) => change(list ?? []));
  return { previous };
}

function rollback(client: QueryClient, snapshot: Snapshot | undefined) {
  if (snapshot) client.setQueryData(batchesKey, snapshot.previous);
}

/**
 * Add, rename and delete (spec 4 "Batches"): applied to the cache at once, rolled back with the failure
 * toast if the server refuses, then the list is reloaded either way. `onRefused` receives the server's reason.
 */
export function useBatchMutations(onRefused: (verb: Verb, reason: string) => void) {
  const client = useQueryClient();
  const settle = () => client.invalidateQueries({ queryKey: batchesKey });
  const fail = (verb: Verb) => (err: unknown, _vars: unknown, snapshot: Snapshot | undefined) => {
    rollback(client, snapshot);
    notifyBatchFailure(verb, err);
    onRefused(verb, toAppError(err).message);
  };

  const add = useMutation({
    mutationFn: (name: string) => api<{ batch: BatchRow }>('batches', { method: 'POST', body: { name } }),
    onMutate: (name) => optimistic(client, (list) => [...list, { id: `pending_${Date.now()}`, name, studentCount: 0 }]),
    onError: fail('add'),
    onSuccess: () => notify({ type: 'success', title: 'Batch Added' }),
    onSettled: settle,
  });

  const rename = useMutation({
    // A PUT/PATCH that sets a whole value: sending it twice leaves the same result.
    ...idempotentRetry,
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api<{ batch: BatchRow }>(`batches/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name } }),
    onMutate: ({ id, name }) => optimistic(client, (list) => list.map((b) => (b.id === id ? { ...b, name } : b))),
    onError: fail('update'),
    onSuccess: () => notify({ type: 'success', title: 'Batch Updated' }),
    onSettled: settle,
  });

  const remove = useMutation({
    mutationFn: (batch: BatchRow) => api<{ unassigned: number }>(`batches/${encodeURIComponent(batch.id)}`, { method: 'DELETE' }),
    onMutate: (batch) => optimistic(client, (list) => list.filter((b) => b.id !== batch.id)),
    onError: fail('delete'),
    onSuccess: (res) =>
      notify({
        type: 'success',
        title: 'Batch Deleted',
        message: res.unassigned ? `${res.unassigned} ${res.unassigned === 1 ? 'student is' : 'students are'} now unassigned.` : undefined,
      }),
    // Student rows show batch names: they change too.
    onSettled: () => Promise.all([settle(), client.invalidateQueries({ queryKey: ['students'] })]),
  });

  return { add, rename, remove };
}
