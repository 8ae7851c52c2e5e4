import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconDatabaseExport } from '@tabler/icons-react';
import type { FallbackBatches } from '../lib/fallback';
import { BatchList } from './batch-list';
import { formatDateTime } from '../../../lib/format-date';

function savedWhen(iso: string): string {
  return formatDateTime(iso, 'an unknown time');
}

/** The loading-problem helper (spec 2, 8): offers the last saved list when the server cannot be reached. */
export function FallbackOffer({ available, onApply }: { available: boolean; onApply: () => void }) {
  return (
    <Alert color="yellow" variant="light" title="The server cannot be reached" icon={<IconDatabaseExport aria-hidden />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="gray.9">
          {available
            ? 'You can look at the batch list saved the last time it loaded. It is read-only until the connection returns.'
            : 'No saved batch list is available on this device yet.'}
        </Text>
        {available && (
          <Button size="xs" color="yellow.9" variant="white" onClick={onApply}>
            Apply Fallback Data
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** The saved copy, read-only, with when it was saved. */
export function FallbackView({ data, onHide }: { data: FallbackBatches; onHide: () => void }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="fallback-heading">
      <Group justify="space-between" gap="xs">
        <Text id="fallback-heading" fw={600}>
          Saved batch list (read-only)
        </Text>
        <Button size="xs" variant="subtle" color="gray.8" onClick={onHide}>
          Hide saved list
        </Button>
      </Group>
      <Text size="sm" c="gray.7">
        Saved on {savedWhen(data.savedAt)}. Changes cannot be made until the server is reachable again.
      </Text>
      <BatchList batches={data.batches} readOnly />
    </Stack>
  );
}
