import { useDeferredValue, useMemo, useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { BatchRow, StudentRow } from '@learn/shared';
import { ALL_BATCHES, filterStudents, NO_BATCH } from '../lib/roster';
import { formatLastLogin } from '../../../lib/format-date';

/** Rows per page: an imported roster of thousands stays quick to draw. */
export const PAGE_SIZE = 50;

export interface RowActions {
  onEdit: (s: StudentRow) => void;
  onReset: (s: StudentRow) => void;
  onRemove: (s: StudentRow) => void;
}

/** The roster: search by name or email, a batch filter, a table (a card list on phones) with row actions. */
export function StudentRoster({
  students,
  batches,
  actions,
}: {
  students: StudentRow[];
  batches: BatchRow[] | undefined;
  actions: RowActions;
}) {
  const [search, setSearch] = useState('');
  const [batch, setBatch] = useState(ALL_BATCHES);
  const [page, setPage] = useState(1);
  const phone = useMediaQuery('(max-width: 47.99em)');
  const query = useDeferredValue(search);
  const filtered = useMemo(() => filterStudents(students, query, batch), [students, query, batch]);
  const pages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const visible = filtered.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const batchOptions = [
    { value: ALL_BATCHES, label: 'All batches' },
    { value: NO_BATCH, label: 'No batch' },
    ...(batches ?? []).map((b) => ({ value: b.id, label: b.name })),
  ];

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="roster-title">
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <Title order={2} size="h4" id="roster-title">
          Roster{' '}
          <Text span c="gray.7" fw={400} size="md">
            ({students.length})
          </Text>
        </Title>
      </Group>
      {students.length === 0 ? (
        <Text c="gray.7">No students enrolled yet</Text>
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Search"
              placeholder="Name or email"
              type="search"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
            />
            <Select
              label="Filter by batch"
              data={batchOptions}
              value={batch}
              onChange={(v) => {
                setBatch(v ?? ALL_BATCHES);
                setPage(1);
              }}
              allowDeselect={false}
              searchable={batchOptions.length > 8}
            />
          </SimpleGrid>
          <Text size="sm" c="gray.7" aria-live="polite">
            {filtered.length === students.length
              ? `${students.length} student${students.length === 1 ? '' : 's'}`
              : `${filtered.length} of ${students.length} students match`}
          </Text>
          {filtered.length === 0 ? (
            <Text c="gray.7">No students match your search.</Text>
          ) : phone ? (
            <Stack gap="sm" data-testid="roster-cards">
              {visible.map((s) => (
                <StudentCard key={s.id} student={s} actions={actions} />
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="sm" highlightOnHover aria-labelledby="roster-title">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Email</Table.Th>
                    <Table.Th>Batch</Table.Th>
                    <Table.Th>Last login</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {visible.map((s) => (
                    <Table.Tr key={s.id} data-testid="student-row">
                      <Table.Td fw={600}>{s.name}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.email}</Table.Td>
                      <Table.Td>
                        {s.batchName ?? (
                          <Text span size="sm" c="gray.7">
                            No batch
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{formatLastLogin(s.lastLogin)}</Table.Td>
                      <Table.Td>
                        <RowButtons student={s} actions={actions} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {pages > 1 && (
            <Group justify="center">
              <Pagination
                total={pages}
                value={current}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
              />
            </Group>
          )}
        </Stack>
      )}
    </Card>
  );
}

function RowButtons({ student, actions }: { student: StudentRow; actions: RowActions }) {
  return (
    <Group gap={6} wrap="wrap" justify="flex-end">
      <Button
        size="compact-sm"
        variant="outline"
        color="blue.9"
        onClick={() => actions.onEdit(student)}
        aria-label={`Edit ${student.name}`}
      >
        Edit
      </Button>
      <Button
        size="compact-sm"
        variant="outline"
        color="grape.9"
        onClick={() => actions.onReset(student)}
        aria-label={`Reset password of ${student.name}`}
      >
        Reset password
      </Button>
      <Button
        size="compact-sm"
        variant="outline"
        color="red.9"
        onClick={() => actions.onRemove(student)}
        aria-label={`Remove ${student.name}`}
      >
        Remove
      </Button>
    </Group>
  );
}

function StudentCard({ student, actions }: { student: StudentRow; actions: RowActions }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid="student-card">
      <Text fw={600}>{student.name}</Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {student.email}
      </Text>
      <Group gap="xs" mt={6} mb="sm">
        <Badge variant="outline" color={student.batchName ? 'blue.8' : 'gray.7'} radius="sm">
          {student.batchName ?? 'No batch'}
        </Badge>
        <Text size="xs" c="gray.7">
          Last login: {formatLastLogin(student.lastLogin)}
        </Text>
      </Group>
      <RowButtons student={student} actions={actions} />
    </Paper>
  );
}
