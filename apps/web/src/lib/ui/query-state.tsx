import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

export function LoadingState({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader aria-hidden />
        <Text c="gray.7">{label}</Text>
      </Stack>
    </Center>
  );
}

/** A failed load: what failed, the server's reason, and a way to try again. */
export function ErrorState({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  const message = error instanceof Error ? error.message : 'An unexpected error occurred. Please try again.';
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle aria-hidden />} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm" c="red.9">
          {message}
        </Text>
        {onRetry && (
          <Button size="xs" variant="white" color="red.9" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
