import { Badge } from '@mantine/core';
import { badgeText, useConnectionBadge } from '../../lib/connection';

const colors = { checking: 'gray.7', connected: 'green.9', disconnected: 'red.9', 'http-error': 'orange.9' } as const;

/** The header's database badge: test_api.php every 30 s (spec 8). */
export function ConnectionBadge() {
  const state = useConnectionBadge();
  return (
    <Badge
      variant="light"
      color={colors[state.kind]}
      role="status"
      aria-live="polite"
      data-testid="connection-badge"
      visibleFrom="xs"
      tt="none"
    >
      {badgeText(state)}
    </Badge>
  );
}
