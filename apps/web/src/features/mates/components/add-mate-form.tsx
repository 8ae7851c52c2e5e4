import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { createGuideSchema, firstFieldErrors } from '@learn/shared';
import { toAppError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useCreateMate } from '../api/mates';
import type { ShownPassword } from '../../../lib/ui/password-dialog';

type Field = 'name' | 'email';
const empty = { name: '', email: '' };

/** Add mate (spec 5): name and email required; the generated password is shown once. */
export function AddMateForm({ onCreated }: { onCreated: (shown: ShownPassword) => void }) {
  const create = useCreateMate();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  function edit(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = createGuideSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstFieldErrors(parsed.error));
      return;
    }
    try {
      const created = await create.mutateAsync(parsed.data);
      notify({ type: 'success', title: 'Guide added successfully', message: `${created.user.name} can now sign in.` });
      setValues(empty);
      setErrors({});
      onCreated({ title: 'Mate added', name: created.user.name, email: created.user.email, password: created.password });
    } catch (err) {
      const e = toAppError(err);
      setErrors({ name: e.fields.name, email: e.fields.email ?? (e.type === 'CONFLICT' ? e.message : undefined) });
      setFailure(e.message);
      notify({ type: 'error', title: 'Add Failed', message: `Failed to add mate: ${e.message}` });
    }
  }

  const busy = create.isPending;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="add-mate-title">
      <Title order={2} size="h4" id="add-mate-title" mb={4}>
        Add mate
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        Mates can teach, grade and manage everything you can. A password is generated and shown once.
      </Text>
      <form onSubmit={submit} noValidate aria-labelledby="add-mate-title">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
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
          </SimpleGrid>
          {failure && (
            <Alert color="red" variant="light" role="alert" title="Add Failed">
              <Text size="sm" c="red.9">
                Failed to add mate: {failure}
              </Text>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              Add Mate
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
