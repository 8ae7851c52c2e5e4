import { useEffect, useState } from 'react';
import { Alert, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { BatchRow } from '@learn/shared';
import { notify } from '../../lib/notify';
import { useBatches, useBatchMutations } from './api/batches';
import { useConnection } from './api/connection';
import { AddBatchForm } from './components/add-batch-form';
import { DeleteBatchDialog, RenameBatchDialog } from './components/batch-dialogs';
import { BatchList } from './components/batch-list';
import { ConnectionIndicator } from './components/connection-indicator';
import { FallbackOffer, FallbackView } from './components/fallback-panel';
import { ErrorState, LoadingState } from '../../lib/ui/query-state';
import { HealthCheckActions, SlowLoadingInfo } from '../../lib/ui/loading-problems';
import { hasFallback, loadFallback, type FallbackBatches } from './lib/fallback';

/** How long the list may load before the page offers the saved copy (spec 9: 8 s on the batches page). */
export const LOADING_TIMEOUT_MS = 8000;

/** Batches: add, list with student counts, rename, delete; connection status and the saved-copy fallback. */
export default function ManageBatchesPage() {
  const connection = useConnection();
  const batches = useBatches();
  const [addError, setAddError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const { add, rename, remove } = useBatchMutations((verb, reason) => {
    if (verb === 'add') setAddError(reason);
    else setRefusal(reason);
  });
  const [renaming, setRenaming] = useState<BatchRow | null>(null);
  const [deleting, setDeleting] = useState<BatchRow | null>(null);
  const [fallback, setFallback] = useState<FallbackBatches | null>(null);
  const slow = useSlowLoad(batches.isPending && batches.fetchStatus === 'fetching');

  const failed = connection.status === 'failed';
  const unreachable = batches.isError || failed || slow;

  function applyFallback() {
    try {
      const saved = loadFallback();
      if (!saved) throw new Error('No saved batch list was found.');
      setFallback(saved);
    } catch (err) {
      notify({ type: 'error', title: 'Error Applying Fallback', message: err instanceof Error ? err.message : String(err) });
    }
  }

  function retry() {
    void connection.retry();
    if (batches.isError) void batches.refetch();
  }

  let body;
  if (batches.data) {
    body = <BatchList batches={batches.data} onRename={setRenaming} onDelete={setDeleting} />;
  } else if (batches.isError) {
    body = <ErrorState title="Could not load the batches" error={batches.error} onRetry={() => void batches.refetch()} />;
  } else {
    body = <LoadingState label="Loading batches..." />;
  }

  return (
    <Stack gap="lg" maw={900}>
      <div>
        <Title order={1} size="h2">
          Batches
        </Title>
        <Text c="gray.7" mt={4}>
          Group students into batches. Deleting a batch leaves its students unassigned.
        </Text>
      </div>

      <ConnectionIndicator status={connection.status} detail={connection.query.error?.message} onRetry={retry} />
      <SlowLoadingInfo loading={batches.isPending && batches.fetchStatus === 'fetching'} onApplyFallback={applyFallback} />

      <Paper withBorder p="md" radius="md">
        <AddBatchForm
          onCreate={(name) => {
            setAddError(undefined);
            return add.mutateAsync(name).then(
              () => true,
              () => false,
            );
          }}
          onEdit={() => setAddError(undefined)}
          disabled={failed}
          disabledReason="The server cannot be reached. Retry the connection first."
          serverError={addError}
        />
        {failed && (
          <Text size="sm" c="red.9" mt="xs">
            Creating batches is unavailable while the connection has failed.
          </Text>
        )}
      </Paper>

      {unreachable && !fallback && <FallbackOffer available={hasFallback()} onApply={applyFallback} />}
      {fallback && <FallbackView data={fallback} onHide={() => setFallback(null)} />}

      {refusal && (
        <Alert color="red" variant="light" title="The server refused the last change" role="alert">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm" c="red.9">
              {refusal}
            </Text>
            <CloseButton aria-label="Dismiss" onClick={() => setRefusal(undefined)} />
          </Group>
        </Alert>
      )}

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="batch-list-heading">
        <Title order={2} size="h4" id="batch-list-heading" mb="sm">
          All batches
        </Title>
        {body}
      </Paper>

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="helper-heading">
        <Title order={2} size="h4" id="helper-heading" mb="xs">
          Connection help
        </Title>
        <HealthCheckActions />
      </Paper>

      <RenameBatchDialog
        batch={renaming}
        onClose={() => setRenaming(null)}
        onSave={(batch, name) => {
          setRefusal(undefined);
          rename.mutate({ id: batch.id, name });
        }}
      />
      <DeleteBatchDialog
        batch={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={(batch) => {
          setRefusal(undefined);
          remove.mutate(batch);
        }}
      />
    </Stack>
  );
}

/** True once `loading` has lasted LOADING_TIMEOUT_MS. */
function useSlowLoad(loading: boolean): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!loading) return;
    const t = setTimeout(() => setSlow(true), LOADING_TIMEOUT_MS);
    return () => {
      clearTimeout(t);
      setSlow(false);
    };
  }, [loading]);
  return loading && slow;
}
