import { Badge, Button, Group, Loader, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconHelpCircle, IconRefresh } from '@tabler/icons-react';
import type { ConnectionStatus } from '../api/connection';

const look: Record<ConnectionStatus, { label: string; color: string }> = {
  connected: { label: 'Connected', color: 'teal' },
  failed: { label: 'Connection Failed', color: 'red' },
  testing: { label: 'Testing', color: 'blue' },
  unknown: { label: 'Unknown', color: 'gray' },
};

/** The server connection as the batches page sees it (spec 8), with a way to check again. */
export function ConnectionIndicator({ status, detail, onRetry }: { status: ConnectionStatus; detail?: string; onRetry: () => void }) {
  const { label, color } = look[status];
  const icon =
    status === 'testing' ? (
      <Loader size={12} color="blue.8" aria-hidden />
    ) : status === 'connected' ? (
      <IconCircleCheck size={14} aria-hidden />
    ) : status === 'failed' ? (
      <IconCircleX size={14} aria-hidden />
    ) : (
      <IconHelpCircle size={14} aria-hidden />
    );
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Text size="sm" c="gray.8" fw={500} id="connection-label">
        Server connection:
      </Text>
      <Badge
        role="status"
        aria-live="polite"
        aria-labelledby="connection-label connection-value"
        color={color}
        variant="outline"
        bg="white"
        leftSection={icon}
        size="lg"
        styles={{ label: { color: `var(--mantine-color-${color}-9)`, textTransform: 'none' } }}
      >
        <span id="connection-value">{label}</span>
      </Badge>
      {status === 'failed' && detail && (
        <Text size="sm" c="red.9">
          {detail}
        </Text>
      )}
      <Button
        size="xs"
        variant="default"
        leftSection={<IconRefresh size={14} aria-hidden />}
        onClick={onRetry}
        loading={status === 'testing'}
      >
        Retry Connection
      </Button>
    </Group>
  );
}
