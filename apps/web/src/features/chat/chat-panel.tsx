import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Badge, Group, Paper, ScrollArea, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@learn/shared';
import { onLiveEvent } from '../../lib/live-events';
import { chatApi } from './api';
import { Conversation } from './conversation';
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

/** A guide's students: search by name, unread badges, latest message first; refreshed by live events. */
function StudentList({ onSelect }: { onSelect: (s: { id: string; name: string }) => void }) {
  const [search, setSearch] = useState('');
  const list = useQuery({ queryKey: ['chat-list', search], queryFn: () => chatApi.list(search) });
  const { refetch } = list;
  useEffect(
    () =>
      onLiveEvent(
        (e) => e.type.startsWith('chat.') && void refetch(),
        () => void refetch(),
      ),
    [refetch],
  );
  const rows = list.data?.conversations ?? [];
  return (
    <>
      <TextInput m="sm" label="Search students" placeholder="Name" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
      <ScrollArea style={{ flex: 1 }}>
        {list.isError && (
          <Text c="red.8" px="md">
            Could not load the students. Try again.
          </Text>
        )}
        {list.isSuccess && rows.length === 0 && (
          <Text c="dimmed" px="md">
            No students found.
          </Text>
        )}
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Students">
          {rows.map((c) => (
            <li key={c.studentId}>
              <UnstyledButton
                w="100%"
                px="md"
                py="xs"
                onClick={() => onSelect({ id: c.studentId, name: c.studentName })}
                aria-label={`${c.studentName}${c.unread ? `, ${c.unread} unread` : ''}`}
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              >
                <Group justify="space-between" wrap="nowrap">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={c.unread ? 700 : 500} truncate>
                      {c.studentName}
                    </Text>
                    <Text size="sm" c="gray.7" truncate>
                      {c.lastText || (c.lastMessageAt ? 'Photo' : 'No messages yet')}
                    </Text>
                  </div>
                  {c.unread > 0 && (
                    <Badge color="red" circle aria-hidden="true">
                      {c.unread}
                    </Badge>
                  )}
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </ul>
      </ScrollArea>
    </>
  );
}
