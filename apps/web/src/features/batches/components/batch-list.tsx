import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { BatchRow } from '@learn/shared';

function studentsLabel(n: number) {
  return `${n} ${n === 1 ? 'student' : 'students'}`;
}

/** Batches with their student counts; read-only when showing the saved fallback copy. */
export function BatchList({
  batches,
  readOnly,
  onRename,
  onDelete,
}: {
  batches: BatchRow[];
  readOnly?: boolean;
  onRename?: (batch: BatchRow) => void;
  onDelete?: (batch: BatchRow) => void;
}) {
  if (batches.length === 0) return <Text c="gray.7">No batches created yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Batches">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Students</Table.Th>
            {!readOnly && (
              <Table.Th scope="col" ta="right">
                Actions
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {batches.map((b) => {
            const pending = b.id.startsWith('pending_');
            return (
              <Table.Tr key={b.id} aria-busy={pending || undefined}>
                <Table.Td>
                  <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {b.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="gray.8" style={{ whiteSpace: 'nowrap' }}>
                    {studentsLabel(b.studentCount)}
                  </Text>
                </Table.Td>
                {!readOnly && (
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label="Rename">
                        <ActionIcon
                          variant="subtle"
                          color="blue.8"
                          size="lg"
                          aria-label={`Rename ${b.name}`}
                          onClick={() => onRename?.(b)}
                          disabled={pending}
                        >
                          <IconPencil size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Delete">
                        <ActionIcon
                          variant="subtle"
                          color="red.8"
                          size="lg"
                          aria-label={`Delete ${b.name}`}
                          onClick={() => onDelete?.(b)}
                          disabled={pending}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
