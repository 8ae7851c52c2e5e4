import { useCallback, useState, type ReactNode } from 'react';
import { Button, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Badge } from '@learn/shared';
import { api } from '../api-client';
import { BadgeIcon } from './badge-icon';

/** 'Achievement Unlocked!' with the badge's icon, name and description; 'Awesome!' closes it. */
export function BadgeDialog({ badge, onClose }: { badge: Badge | null; onClose: () => void }) {
  return (
    <Modal
      opened={badge !== null}
      onClose={onClose}
      title="Achievement Unlocked!"
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {badge && (
        <Stack align="center" gap="sm" ta="center" pb="xs">
          <ThemeIcon size={84} radius="xl" color="yellow.1" c="yellow.9" style={{ border: '2px solid var(--mantine-color-yellow-5)' }}>
            <BadgeIcon icon={badge.icon} size={48} />
          </ThemeIcon>
          <Title order={3} size="h3">
            {badge.name}
          </Title>
          <Text c="gray.8">{badge.description}</Text>
          <Button onClick={onClose} mt="xs" size="md" data-autofocus>
            Awesome!
          </Button>
        </Stack>
      )}
    </Modal>
  );
}

// Awards already shown in this page session, so a repeated response never shows one twice.
const shown = new Set<string>();
const awardKey = (b: Badge & { awardedAt?: string }) => `${b.id}@${b.awardedAt ?? ''}`;

/**
 * Queues newly awarded badges and shows them one at a time, each once (content-and-features.md
 * section 4, "Badge dialog"). Render `dialog` somewhere in the page and call `announce` with the awards.
 */
export function useBadgeAwards(): { announce: (awards: (Badge & { awardedAt?: string })[]) => void; dialog: ReactNode } {
  const [queue, setQueue] = useState<Badge[]>([]);
  const announce = useCallback((awards: (Badge & { awardedAt?: string })[]) => {
    const fresh = awards.filter((a) => !shown.has(awardKey(a)));
    fresh.forEach((a) => shown.add(awardKey(a)));
    if (fresh.length) setQueue((q) => [...q, ...fresh]);
  }, []);
  const close = () => {
    const closed = queue[0];
    setQueue((q) => q.slice(1));
    // The server remembers the dialog was seen, so it does not come back on the next page or device.
    if (closed) void markSeen(closed.id);
  };
  const dialog = <BadgeDialog badge={queue[0] ?? null} onClose={close} />;
  return { announce, dialog };
}

/** POST /api/badges/:id/seen; if it fails the dialog shows once more on a later page, which is harmless. */
async function markSeen(badgeId: string): Promise<void> {
  try {
    await api(`badges/${encodeURIComponent(badgeId)}/seen`, { method: 'POST' });
  } catch {
    // Shown again later: better than never.
  }
}
