import { Select } from '@mantine/core';
import type { BatchRow } from '@learn/shared';
import { NO_BATCH } from '../lib/roster';

/** Batch choice of a student: the batches plus "No batch" (spec 5: the batch is optional). */
export function BatchSelect({
  batches,
  loadError,
  value,
  onChange,
  disabled,
}: {
  batches: BatchRow[] | undefined;
  loadError: unknown;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const data = [{ value: NO_BATCH, label: 'No batch' }, ...(batches ?? []).map((b) => ({ value: b.id, label: b.name }))];
  let description: string | undefined;
  if (loadError) description = `Could not load the batches: ${loadError instanceof Error ? loadError.message : 'unknown error'}`;
  else if (batches && batches.length === 0) description = 'No batches created yet.';
  return (
    <Select
      label="Batch"
      data={data}
      value={value}
      onChange={(v) => onChange(v ?? NO_BATCH)}
      allowDeselect={false}
      disabled={disabled}
      placeholder={batches ? undefined : 'Loading batches...'}
      description={description}
      comboboxProps={{ withinPortal: true, zIndex: 400 }}
      searchable={data.length > 8}
      nothingFoundMessage="No batch matches"
      styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
    />
  );
}

/** The student form fields beyond name and email: the typed values to the API input, and the batch input. */
export const studentInput = (v: { name: string; email: string; batch?: string }) => ({
  name: v.name,
  email: v.email,
  batchId: !v.batch || v.batch === NO_BATCH ? null : v.batch,
});

export function batchField(batches: BatchRow[] | undefined, loadError: unknown, busy: boolean) {
  function BatchField(values: { batch?: string }, edit: (field: 'batch', value: string) => void) {
    return (
      <BatchSelect
        batches={batches}
        loadError={loadError}
        value={values.batch ?? NO_BATCH}
        onChange={(v) => edit('batch', v)}
        disabled={busy}
      />
    );
  }
  return BatchField;
}
