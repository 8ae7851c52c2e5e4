import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Box, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { firstFieldErrors, loginSchema, prefixLabels, type CoursePrefix } from '@learn/shared';
import { useAuth } from '../../lib/auth';
import { toAppError } from '../../lib/errors';

type Field = 'email' | 'password';

/** The login screen (platform-core.md sections 2 and 5). */
export default function LoginPage({ prefix }: { prefix: CoursePrefix }) {
  const { login } = useAuth();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  function edit(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    // An edited field's error clears at once.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstFieldErrors(parsed.error));
      return;
    }
    setSubmitting(true);
    try {
      // Signed in: the login route sends the user to their home (one redirect, replacing history).
      await login(parsed.data);
    } catch (err) {
      const e = toAppError(err);
      const fields = e.fields;
      if (fields.email || fields.password) setErrors({ email: fields.email, password: fields.password });
      setFailure(e.message || 'Login failed.');
      setSubmitting(false);
    }
  }

  return (
    <Center mih="100vh" p="md" style={{ background: 'linear-gradient(180deg, #f4f8ff 0%, #ffffff 100%)' }}>
      <Box w="100%" maw={420}>
        <Paper component="main" withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap={4} mb="lg" align="center">
            <Title order={1} size="h2" ta="center">
              Welcome to Learn
            </Title>
            <Text c="blue.8" fw={600} size="lg">
              {prefixLabels[prefix].login}
            </Text>
          </Stack>
          <form onSubmit={submit} noValidate aria-label="Sign in">
            <Stack>
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                value={values.email}
                onChange={(e) => edit('email', e.currentTarget.value)}
                error={errors.email}
                disabled={submitting}
                required
                data-autofocus
              />
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                value={values.password}
                onChange={(e) => edit('password', e.currentTarget.value)}
                error={errors.password}
                disabled={submitting}
                required
              />
              {failure && (
                <Alert color="red" variant="light" role="alert" title="Sign-in failed">
                  {failure}
                </Alert>
              )}
              <Button type="submit" size="md" disabled={submitting} fullWidth>
                {submitting ? 'Signing In...' : 'Sign In'}
              </Button>
            </Stack>
          </form>
        </Paper>
        <Text component="footer" size="sm" c="gray.7" ta="center" mt="lg">
          Learn · built by the Learn team for curious beginners ·{' '}
          <Anchor href="#/" c="blue.8">
            All courses
          </Anchor>
        </Text>
      </Box>
    </Center>
  );
}
