import { Badge, Box, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDatabaseX, IconLoader2 } from '@tabler/icons-react';
import { badgeText, useConnectionBadge } from '../../lib/connection';

const colors = { checking: 'gray.7', connected: 'green.9', disconnected: 'red.9', 'http-error': 'orange.9' } as const;
const icons = { checking: IconLoader2, connected: IconCircleCheck, disconnected: IconDatabaseX, 'http-error': IconAlertTriangle } as const;

/**
 * The header's database badge: test_api.php every 30 s (spec 8). On phones, where the header has no room for
 * the words, an icon whose shape and colour tell the state, with the same words for screen readers and as a
 * tooltip.
 */
export function ConnectionBadge() {
  const state = useConnectionBadge();
  const text = badgeText(state);
  const Icon = icons[state.kind];
  const color = colors[state.kind];
  return (
    <>
      <Badge variant="light" color={color} role="status" aria-live="polite" data-testid="connection-badge" visibleFrom="xs" tt="none">
        {text}
      </Badge>
      <Tooltip label={text} events={{ hover: true, focus: true, touch: true }}>
        <Box
          hiddenFrom="xs"
          role="status"
          aria-live="polite"
          data-testid="connection-icon"
          c={color}
          style={{ display: 'flex' }}
          tabIndex={0}
        >
          <Icon size={22} aria-hidden />
          <VisuallyHidden>{text}</VisuallyHidden>
        </Box>
      </Tooltip>
    </>
  );
}
