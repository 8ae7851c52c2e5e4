import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { batchSchema, type BatchRow } from '@learn/shared';

/** Rename in a modal: the current name to start from; name required. */
export function RenameBatchDialog({
  batch,
  onClose,
  onSave,
}: {
  batch: BatchRow | null;
  onClose: () => void;
  onSave: (batch: BatchRow, name: string) => void;
}) {
  return (
    <Modal opened={batch !== null} onClose={onClose} title="Rename batch" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {batch && <RenameForm key={batch.id} batch={batch} onClose={onClose} onSave={onSave} />}
    </Modal>
  );
}

function RenameForm({ batch, onClose, onSave }: { batch: BatchRow; onClose: () => void; onSave: (batch: BatchRow, name: string) => void }) {
  const [name, setName] = useState(batch.name);
  const [error, setError] = useState<string | null>(null);
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = batchSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Batch name is required');
      return;
    }
    if (parsed.data.name !== batch.name) onSave(batch, parsed.data.name);
    onClose();
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Batch name"
          required
          data-autofocus
          value={name}
          maxLength={200}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Save</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Delete asks first and says what happens to the batch's students (spec 5). */
export function DeleteBatchDialog({
  batch,
  onClose,
  onConfirm,
}: {
  batch: BatchRow | null;
  onClose: () => void;
  onConfirm: (batch: BatchRow) => void;
}) {
  return (
    <Modal opened={batch !== null} onClose={onClose} title="Delete batch" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {batch && (
        <Stack>
          <Text>
            Are you sure you want to delete <strong>{batch.name}</strong>?{' '}
            {batch.studentCount > 0
              ? `Its ${batch.studentCount} ${batch.studentCount === 1 ? 'student' : 'students'} will become unassigned.`
              : 'Any students in it will become unassigned.'}{' '}
            This action cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              Cancel
            </Button>
            <Button
              color="red.8"
              onClick={() => {
                onConfirm(batch);
                onClose();
              }}
            >
              Delete Batch
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
