import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { firstFieldErrors } from '@learn/shared';
import { toAppError } from '../errors';
import { notify } from '../notify';
import type { ShownPassword } from './password-dialog';
import { FailureAlert, NameEmailFields, serverFieldErrors, type PersonErrors, type Schema } from './person-fields';

export type NewPersonValues = { name: string; email: string } & Record<string, string>;

/** The add form of a student or a mate (spec 5): name and email required; the generated password is shown once. */
export function PersonAddForm<V extends NewPersonValues, B>({
  id,
  title,
  intro,
  noun,
  empty,
  schema,
  toInput,
  create,
  busy,
  extra,
  columns,
  onCreated,
}: {
  /** Id of the title, which labels the section and the form. */
  id: string;
  title: string;
  intro: string;
  /** 'student' or 'mate', for the messages and the button. */
  noun: string;
  empty: V;
  schema: Schema<B>;
  toInput: (values: V) => Record<string, unknown>;
  create: (body: B) => Promise<{ user: { name: string; email: string }; password: string }>;
  busy: boolean;
  extra?: (values: V, edit: (field: keyof V & string, value: string) => void) => ReactNode;
  columns: number;
  onCreated: (shown: ShownPassword) => void;
}) {
  const [values, setValues] = useState<V>(empty);
  const [errors, setErrors] = useState<PersonErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const successNoun = noun === 'mate' ? 'Guide' : Noun;

  function edit(field: keyof V & string, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if ((field === 'name' || field === 'email') && errors[field as 'name' | 'email']) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = schema.safeParse(toInput(values));
    if (!parsed.success) {
      setErrors(firstFieldErrors(parsed.error));
      return;
    }
    try {
      const created = await create(parsed.data);
      notify({ type: 'success', title: `${successNoun} added successfully`, message: `${created.user.name} can now sign in.` });
      setValues(empty);
      setErrors({});
      onCreated({ title: `${Noun} added`, name: created.user.name, email: created.user.email, password: created.password });
    } catch (err) {
      // The typing stays; the server's reason shows beside the form and in the toast.
      const e = toAppError(err);
      setErrors(serverFieldErrors(e));
      setFailure(e.message);
      notify({ type: 'error', title: 'Add Failed', message: `Failed to add ${noun}: ${e.message}` });
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb={4}>
        {title}
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {intro}
      </Text>
      <form onSubmit={submit} noValidate aria-labelledby={id}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: columns }} spacing="sm">
            <NameEmailFields values={values} errors={errors} busy={busy} edit={edit} />
            {extra?.(values, edit)}
          </SimpleGrid>
          <FailureAlert title="Add Failed" prefix={`Failed to add ${noun}`} failure={failure} />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              Add {Noun}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
