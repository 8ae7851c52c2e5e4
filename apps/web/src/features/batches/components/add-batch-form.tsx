import { useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { batchSchema } from '@learn/shared';

/**
 * 'Create Batch': name required (spec 5). `onCreate` resolves true once the server has accepted the batch;
 * only then is the name cleared, so a refused name stays to be corrected. `serverError` is the server's
 * reason for the last refusal; `onEdit` is called when the name changes (that reason no longer applies).
 */
export function AddBatchForm({
  onCreate,
  onEdit,
  disabled,
  disabledReason,
  serverError,
}: {
  onCreate: (name: string) => Promise<boolean>;
  onEdit?: () => void;
  disabled: boolean;
  disabledReason?: string;
  serverError?: string;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = batchSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Batch name is required');
      return;
    }
    setError(null);
    const submitted = name;
    // Cleared only if the field still holds what was sent (the user may have typed on meanwhile).
    if (await onCreate(parsed.data.name)) setName((current) => (current === submitted ? '' : current));
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Add a batch">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Batch name"
          placeholder="e.g. Winter 2026"
          required
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
            onEdit?.();
          }}
          error={error ?? serverError}
          maxLength={200}
          style={{ flex: '1 1 220px' }}
        />
        <Button
          type="submit"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={disabled}
          mt={{ base: 0, xs: 25 }}
          title={disabled ? disabledReason : undefined}
        >
          Create Batch
        </Button>
      </Group>
    </form>
  );
}
