import { Alert, Text, TextInput } from '@mantine/core';
import { firstFieldErrors } from '@learn/shared';

/** What a person form needs of a shared zod schema (the web app reaches zod only through @learn/shared). */
export interface Schema<B> {
  safeParse(input: unknown): { success: true; data: B } | { success: false; error: Parameters<typeof firstFieldErrors>[0] };
}

export type PersonField = 'name' | 'email' | 'password';
export type PersonErrors = Partial<Record<PersonField, string>>;

/** The name and email inputs every person form starts with. */
export function NameEmailFields({
  values,
  errors,
  busy,
  edit,
  focusName,
}: {
  values: { name: string; email: string };
  errors: PersonErrors;
  busy: boolean;
  edit: (field: 'name' | 'email', value: string) => void;
  focusName?: boolean;
}) {
  return (
    <>
      <TextInput
        label="Name"
        autoComplete="off"
        value={values.name}
        onChange={(e) => edit('name', e.currentTarget.value)}
        error={errors.name}
        disabled={busy}
        required
        data-autofocus={focusName || undefined}
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
    </>
  );
}

/** The server's reason beside the form (the typing stays). */
export function FailureAlert({ title, prefix, failure }: { title: string; prefix: string; failure: string | null }) {
  if (!failure) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Text size="sm" c="red.9">
        {prefix}: {failure}
      </Text>
    </Alert>
  );
}

/** Field errors from a failed call: a 409 is about the email (it is taken). */
export function serverFieldErrors(e: { type: string; message: string; fields: Record<string, string | undefined> }): PersonErrors {
  return {
    name: e.fields.name,
    email: e.fields.email ?? (e.type === 'CONFLICT' ? e.message : undefined),
    password: e.fields.password,
  };
}
