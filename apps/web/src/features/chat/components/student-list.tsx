import { useEffect, useState } from 'react';
import { Badge, Group, ScrollArea, Text, TextInput, UnstyledButton } from '@mantine/core';
import { onLiveEvent } from '../../../lib/live-events';
import { useConversationList } from '../api/get-conversations';

/** A guide's students: search by name, unread badges, latest message first; refreshed by live events. */
export function StudentList({ onSelect }: { onSelect: (s: { id: string; name: string }) => void }) {
  const [search, setSearch] = useState('');
  const list = useConversationList(search);
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
