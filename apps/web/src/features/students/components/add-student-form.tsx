import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { createStudentSchema, firstFieldErrors, type BatchRow } from '@learn/shared';
import { toAppError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useCreateStudent } from '../api/students';
import { NO_BATCH } from '../lib/roster';
import { BatchSelect } from './batch-select';
import type { ShownPassword } from '../../../lib/ui/password-dialog';

type Field = 'name' | 'email';
const empty = { name: '', email: '', batch: NO_BATCH };

/** Add student (spec 5): name and email required, batch optional; the generated password is shown once. */
export function AddStudentForm({
  batches,
  batchesError,
  onCreated,
}: {
  batches: BatchRow[] | undefined;
  batchesError: unknown;
  onCreated: (shown: ShownPassword) => void;
}) {
  const create = useCreateStudent();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  function edit(field: keyof typeof empty, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (field !== 'batch' && errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = createStudentSchema.safeParse({
      name: values.name,
      email: values.email,
      batchId: values.batch === NO_BATCH ? null : values.batch,
    });
    if (!parsed.success) {
      setErrors(firstFieldErrors(parsed.error));
      return;
    }
    try {
      const created = await create.mutateAsync(parsed.data);
      notify({ type: 'success', title: 'Student added successfully', message: `${created.user.name} can now sign in.` });
      setValues(empty);
      setErrors({});
      onCreated({ title: 'Student added', name: created.user.name, email: created.user.email, password: created.password });
    } catch (err) {
      // The typing stays; the server's reason shows beside the form and in the toast.
      const e = toAppError(err);
      setErrors({ name: e.fields.name, email: e.fields.email ?? (e.type === 'CONFLICT' ? e.message : undefined) });
      setFailure(e.message);
      notify({ type: 'error', title: 'Add Failed', message: `Failed to add student: ${e.message}` });
    }
  }

  const busy = create.isPending;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="add-student-title">
      <Title order={2} size="h4" id="add-student-title" mb={4}>
        Add student
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        A password is generated for the new account and shown once.
      </Text>
      <form onSubmit={submit} noValidate aria-labelledby="add-student-title">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label="Name"
              autoComplete="off"
              value={values.name}
              onChange={(e) => edit('name', e.currentTarget.value)}
              error={errors.name}
              disabled={busy}
              required
            />
            <TextInput
              label="Email"
              type="email"
              autoComplete="off"
              value={values.email}
              onChange={(e) => edit('email', e.currentTarget.value)}
              error={errors.email}
              disabled={busy}
              required
            />
            <BatchSelect
              batches={batches}
              loadError={batchesError}
              value={values.batch}
              onChange={(v) => edit('batch', v)}
              disabled={busy}
            />
          </SimpleGrid>
          {failure && (
            <Alert color="red" variant="light" role="alert" title="Add Failed">
              <Text size="sm" c="red.9">
                Failed to add student: {failure}
              </Text>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              Add Student
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
