import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { firstFieldErrors } from '@learn/shared';
import { toAppError } from '../errors';
import { notify } from '../notify';
import { modalProps } from './ui';
import { FailureAlert, NameEmailFields, serverFieldErrors, type PersonErrors, type PersonField, type Schema } from './person-fields';

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
  const [errors, setErrors] = useState<PersonErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  function edit(field: keyof V & string, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (field in errors && errors[field as PersonField]) setErrors((e) => ({ ...e, [field]: undefined }));
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
      setErrors(serverFieldErrors(e));
      setFailure(e.message);
      notify({ type: 'error', title: 'Update Failed', message: `Failed to save changes: ${e.message}` });
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`Edit ${person.name}`}>
      <Stack gap="sm">
        <NameEmailFields values={values} errors={errors} busy={busy} edit={edit} focusName />
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
        <FailureAlert title="Update Failed" prefix="Failed to save changes" failure={failure} />
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
