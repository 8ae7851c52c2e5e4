import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Group, Paper, Title } from '@mantine/core';
import type { PublicUser } from '@learn/shared';
import { Conversation } from './conversation';
import { StudentList } from './student-list';
import classes from './chat.module.css';

interface Props {
  user: PublicUser;
  opened: boolean;
  onClose: () => void;
}

/** The chat panel: 400x600 (full screen on phones), Escape closes. A guide picks a student; a student has one conversation. */
export default function ChatPanel({ user, opened, onClose }: Props) {
  const panel = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState<{ id: string; name: string } | null>(null);

  useEffect(() => {
    if (opened) panel.current?.querySelector<HTMLElement>('input, textarea, button')?.focus();
  }, [opened, selected]);

  if (!opened) return null;
  const isGuide = user.role === 'guide';
  return (
    <Paper
      ref={panel}
      className={classes.panel}
      shadow="xl"
      radius="md"
      withBorder
      role="dialog"
      aria-label="Chat"
      onKeyDown={(e) => {
        // The camera dialog handles its own Escape.
        if (e.key === 'Escape' && !(e.target as HTMLElement).closest('[data-camera]')) {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <Group justify="space-between" px="md" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          {isGuide && selected && (
            <ActionIcon variant="subtle" aria-label="Back to students" onClick={() => setSelected(null)}>
              <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <path d="M19 12H5M12 19l-7-7 7-7" />
              </svg>
            </ActionIcon>
          )}
          <Title order={2} size="h4">
            {isGuide ? (selected ? selected.name : 'Students') : 'Chat with your mates'}
          </Title>
        </Group>
        <ActionIcon variant="subtle" color="gray" aria-label="Close chat" onClick={onClose}>
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M18 6L6 18M6 6l12 12" />
          </svg>
        </ActionIcon>
      </Group>
      {isGuide && !selected ? (
        <StudentList onSelect={setSelected} />
      ) : (
        <Conversation key={selected?.id ?? user.id} user={user} studentId={selected?.id ?? user.id} />
      )}
    </Paper>
  );
}
