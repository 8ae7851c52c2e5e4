import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { firstFieldErrors } from '@learn/shared';
import { toAppError } from '../errors';
import { notify } from '../notify';
import { modalProps } from './ui';

type Field = 'name' | 'email' | 'password';
/** What the form needs of a shared zod schema (the web app reaches zod only through @learn/shared). */
interface Schema<B> {
  safeParse(input: unknown): { success: true; data: B } | { success: false; error: Parameters<typeof firstFieldErrors>[0] };
}

export type PersonValues = { name: string; email: string; password: string } & Record<string, string>;

export interface PersonEditProps<V extends PersonValues, B> {
  person: { id: string; name: string } | null;
  /** Title while no person is open (the modal is closing). */
  emptyTitle: string;
  initial: (person: { id: string; name: string }) => V;
  /** The shared update schema; its input is built from the typed values, the password only when typed. */
  schema: Schema<B>;
  toInput: (values: V) => Record<string, unknown>;
  save: (id: string, body: B) => Promise<unknown>;
  busy: boolean;
  successTitle: string;
  passwordHint: string;
  /** Fields between the email and the password (a student's batch). */
  extra?: (values: V, edit: (field: keyof V & string, value: string) => void) => ReactNode;
  onClose: () => void;
}

/** Edit a person (student or mate): name, email, extras, and a new password sent only when typed (spec 5). */
export function PersonEditModal<V extends PersonValues, B>(props: PersonEditProps<V, B>) {
  const { person, emptyTitle, onClose } = props;
  return (
    <Modal {...modalProps} opened={person !== null} onClose={onClose} title={person ? `Edit ${person.name}` : emptyTitle} centered>
      {person && <PersonEditForm key={person.id} {...props} person={person} />}
    </Modal>
  );
}

function PersonEditForm<V extends PersonValues, B>({
  person,
  initial,
  schema,
  toInput,
  save,
  busy,
  successTitle,
  passwordHint,
  extra,
  onClose,
}: PersonEditProps<V, B> & { person: { id: string; name: string } }) {
  const [values, setValues] = useState<V>(() => initial(person));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  function edit(field: keyof V & string, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (field in errors && errors[field as Field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = schema.safeParse({ ...toInput(values), ...(values.password ? { password: values.password } : {}) });
    if (!parsed.success) {
      setErrors(firstFieldErrors(parsed.error));
      return;
    }
    try {
      await save(person.id, parsed.data);
      notify({ type: 'success', title: successTitle });
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

  return (
    <form onSubmit={submit} noValidate aria-label={`Edit ${person.name}`}>
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
        {extra?.(values, edit)}
        <PasswordInput
          label="New password"
          description={passwordHint}
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
