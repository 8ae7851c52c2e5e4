import { Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** Shown where a student has no grant (platform-core.md section 6). */
export const LOCKED_TEXT = "Your guide hasn't granted you access yet.";

export function LockedPanel() {
  return (
    <Paper withBorder radius="md" p="lg" bg="gray.0" data-testid="locked-panel">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" color="gray" c="gray.8" radius="xl" size="lg" aria-hidden>
          <IconLock size={20} />
        </ThemeIcon>
        <Text c="gray.8">{LOCKED_TEXT}</Text>
      </Group>
    </Paper>
  );
}

/** A quiet one-line empty state. */
export function EmptyText({ children }: { children: string }) {
  return (
    <Text c="gray.7" fs="italic">
      {children}
    </Text>
  );
}
