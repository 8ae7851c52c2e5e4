import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { firstFieldErrors, updateGuideSchema, type GuideRow } from '@learn/shared';
import { toAppError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useUpdateMate } from '../api/mates';
import { modalProps } from '../../../lib/ui/ui';

type Field = 'name' | 'email' | 'password';

/** Edit a mate: name, email, and a new password that is sent only when typed (spec 5). */
export function EditMateModal({ mate, isSelf, onClose }: { mate: GuideRow | null; isSelf: boolean; onClose: () => void }) {
  return (
    <Modal {...modalProps} opened={mate !== null} onClose={onClose} title={mate ? `Edit ${mate.name}` : 'Edit mate'} centered>
      {mate && <EditMateForm key={mate.id} mate={mate} isSelf={isSelf} onClose={onClose} />}
    </Modal>
  );
}

function EditMateForm({ mate, isSelf, onClose }: { mate: GuideRow; isSelf: boolean; onClose: () => void }) {
  const update = useUpdateMate();
  const [values, setValues] = useState({ name: mate.name, email: mate.email, password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  function edit(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = updateGuideSchema.safeParse({
      name: values.name,
      email: values.email,
      ...(values.password ? { password: values.password } : {}),
    });
    if (!parsed.success) {
      setErrors(firstFieldErrors(parsed.error));
      return;
    }
    try {
      await update.mutateAsync({ id: mate.id, body: parsed.data });
      notify({ type: 'success', title: 'Guide updated successfully' });
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
    <form onSubmit={submit} noValidate aria-label={`Edit ${mate.name}`}>
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
        <PasswordInput
          label="New password"
          description={
            isSelf
              ? 'Leave empty to keep your password. A new one signs you out; sign in again with it.'
              : 'Leave empty to keep the current password. A new one signs the mate out everywhere.'
          }
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
