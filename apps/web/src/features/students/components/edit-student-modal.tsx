import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { firstFieldErrors, updateStudentSchema, type BatchRow, type StudentRow } from '@learn/shared';
import { toAppError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useUpdateStudent } from '../api/students';
import { NO_BATCH } from '../lib/roster';
import { BatchSelect } from './batch-select';
import { modalProps } from '../../../lib/ui/ui';

type Field = 'name' | 'email' | 'password';

/** Edit a student: name, email, batch, and a new password that is sent only when typed (spec 5). */
export function EditStudentModal({
  student,
  batches,
  batchesError,
  onClose,
}: {
  student: StudentRow | null;
  batches: BatchRow[] | undefined;
  batchesError: unknown;
  onClose: () => void;
}) {
  return (
    <Modal {...modalProps} opened={student !== null} onClose={onClose} title={student ? `Edit ${student.name}` : 'Edit student'} centered>
      {student && <EditStudentForm key={student.id} student={student} batches={batches} batchesError={batchesError} onClose={onClose} />}
    </Modal>
  );
}

function EditStudentForm({
  student,
  batches,
  batchesError,
  onClose,
}: {
  student: StudentRow;
  batches: BatchRow[] | undefined;
  batchesError: unknown;
  onClose: () => void;
}) {
  const update = useUpdateStudent();
  const [values, setValues] = useState({ name: student.name, email: student.email, batch: student.batchId ?? NO_BATCH, password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  function edit(field: keyof typeof values, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (field !== 'batch' && errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = updateStudentSchema.safeParse({
      name: values.name,
      email: values.email,
      batchId: values.batch === NO_BATCH ? null : values.batch,
      ...(values.password ? { password: values.password } : {}),
    });
    if (!parsed.success) {
      setErrors(firstFieldErrors(parsed.error));
      return;
    }
    try {
      await update.mutateAsync({ id: student.id, body: parsed.data });
      notify({ type: 'success', title: 'Student updated successfully' });
      onClose();
    } catch (err) {
      const e = toAppError(err);
      setErrors({
        name: e.fields.name,
        email: e.fields.email ?? (e.type === 'CONFLICT' ? e.message : undefined),
        password: e.fields.password,
      });
      setFailure(e.message);
      notify({ type: 'error', title: 'Update Failed', message: `Failed to save changes: ${e.message}` });
    }
  }

  const busy = update.isPending;
  return (
    <form onSubmit={submit} noValidate aria-label={`Edit ${student.name}`}>
      <Stack gap="sm">
        <TextInput
          label="Name"
          value={values.name}
          onChange={(e) => edit('name', e.currentTarget.value)}
          error={errors.name}
          disabled={busy}
          required
          data-autofocus
        />
        <TextInput
          label="Email"
          type="email"
          value={values.email}
          onChange={(e) => edit('email', e.currentTarget.value)}
          error={errors.email}
          disabled={busy}
          required
        />
        <BatchSelect batches={batches} loadError={batchesError} value={values.batch} onChange={(v) => edit('batch', v)} disabled={busy} />
        <PasswordInput
          label="New password"
          description="Leave empty to keep the current password. A new one signs the student out everywhere."
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => edit('password', e.currentTarget.value)}
          error={errors.password}
          disabled={busy}
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
        />
        {failure && (
          <Alert color="red" variant="light" role="alert" title="Update Failed">
            <Text size="sm" c="red.9">
              Failed to save changes: {failure}
            </Text>
          </Alert>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
