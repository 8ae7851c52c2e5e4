import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Card, Group, Progress, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { GuideStudentRow } from '@learn/shared';
import { formatLastLoginRelative as formatLastLogin } from '../../../lib/format-date';

export const sortOptions = [
  { value: 'progress-asc', label: 'Least progress first' },
  { value: 'progress-desc', label: 'Most progress first' },
  { value: 'name', label: 'Name' },
  { value: 'login', label: 'Longest since last login' },
] as const;
export type StudentSort = (typeof sortOptions)[number]['value'];

const time = (iso: string | null) => (iso ? new Date(iso).getTime() || 0 : 0);

/** Orders a copy of the rows; ties fall back to the name so the order is stable. */
export function sortStudents(rows: GuideStudentRow[], by: StudentSort): GuideStudentRow[] {
  const byName = (a: GuideStudentRow, b: GuideStudentRow) => a.name.localeCompare(b.name);
  const cmp: Record<StudentSort, (a: GuideStudentRow, b: GuideStudentRow) => number> = {
    'progress-asc': (a, b) => a.percentComplete - b.percentComplete || byName(a, b),
    'progress-desc': (a, b) => b.percentComplete - a.percentComplete || byName(a, b),
    name: byName,
    login: (a, b) => time(a.lastLogin) - time(b.lastLogin) || byName(a, b),
  };
  return [...rows].sort(cmp[by]);
}

export function StudentsTable({ prefix, students, lectureCount }: { prefix: string; students: GuideStudentRow[]; lectureCount: number }) {
  const [sort, setSort] = useState<StudentSort>('progress-asc');
  const rows = useMemo(() => sortStudents(students, sort), [students, sort]);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="students-title">
      <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
        <Title order={2} size="h4" id="students-title">
          Students
        </Title>
        {students.length > 1 && (
          <Select
            label="Sort by"
            size="xs"
            w={220}
            data={sortOptions.map((o) => ({ value: o.value, label: o.label }))}
            value={sort}
            onChange={(v) => v && setSort(v as StudentSort)}
            allowDeselect={false}
          />
        )}
      </Group>
      {students.length === 0 ? (
        <Stack gap={4} align="flex-start">
          <Text c="gray.7">No students enrolled yet</Text>
          <Anchor component={Link} to={`/${prefix}/manage-students`} c="blue.8" fw={600}>
            Add students
          </Anchor>
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Student</Table.Th>
                <Table.Th visibleFrom="sm">Batch</Table.Th>
                <Table.Th>Completed lectures</Table.Th>
                <Table.Th visibleFrom="sm">Last login</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((s) => (
                <Table.Tr key={s.id} data-testid="student-row">
                  <Table.Td>
                    <Anchor component={Link} to={`/${prefix}/student-progress`} state={{ selectedStudentId: s.id }} c="blue.8" fw={600}>
                      {s.name}
                    </Anchor>
                    <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                      {s.email}
                    </Text>
                    {/* On phones the batch and last login move under the name, so the progress stays in view. */}
                    <Text size="xs" c="gray.7" hiddenFrom="sm" data-testid="student-meta">
                      {s.batchName ?? 'No batch'} · last login {formatLastLogin(s.lastLogin)}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    {s.batchName ?? (
                      <Text span c="gray.7">
                        No batch
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td miw={140}>
                    <Text size="sm">
                      {s.completedCount} of {lectureCount} ({Math.round(s.percentComplete)}%)
                    </Text>
                    <Progress
                      value={s.percentComplete}
                      color={s.percentComplete < 25 ? 'red.8' : 'teal.7'}
                      size="sm"
                      mt={4}
                      aria-label={`${s.name}: ${Math.round(s.percentComplete)}% of lectures completed`}
                    />
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm" title={s.lastLogin ?? undefined}>
                      {formatLastLogin(s.lastLogin)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
