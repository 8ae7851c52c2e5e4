import { Button, Card, List, Stack, Text, Title } from '@mantine/core';
import type { Analytics } from '../api/analytics';
import { formatDateTime } from '../../../lib/format-date';

export function StatCard({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="gray.7">
          {hint}
        </Text>
      )}
    </Card>
  );
}

export function AtRiskPanel({ students, onOpen }: { students: Analytics['atRiskStudents']; onOpen: (id: string) => void }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="at-risk-heading">
      <Title order={2} size="h4" id="at-risk-heading" mb="xs">
        At-Risk Students
      </Title>
      {students.length === 0 ? (
        <Text c="gray.7">No students currently at risk. Great job!</Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {students.map((s) => (
            <li key={s.id}>
              <Button
                variant="subtle"
                color="red.9"
                justify="space-between"
                fullWidth
                onClick={() => onOpen(s.id)}
                rightSection={<Text size="sm">{s.completion.toFixed(1)}% complete</Text>}
              >
                {s.name}
              </Button>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

export function DifficultPanel({ lectures }: { lectures: Analytics['difficultLectures'] }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="difficult-heading">
      <Title order={2} size="h4" id="difficult-heading" mb="xs">
        Most Difficult Lectures
      </Title>
      {lectures.length === 0 ? (
        <Text c="gray.7">Not enough data to determine difficult lectures.</Text>
      ) : (
        <List spacing={6} listStyleType="none" ml={0}>
          {lectures.map((l) => (
            <List.Item key={l.lectureId}>
              <Text fw={500}>
                Day {l.day}: {l.title}
              </Text>
              <Text size="sm" c="gray.7">
                {l.completions} {l.completions === 1 ? 'completion' : 'completions'}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}

export function InactivePanel({ students, count }: { students: Analytics['inactiveStudents']; count: number }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="inactive-heading">
      <Title order={2} size="h4" id="inactive-heading" mb="xs">
        Inactive for 7 days ({count})
      </Title>
      {students.length === 0 ? (
        <Text c="gray.7">Every student has been active this week.</Text>
      ) : (
        <List spacing={4} size="sm">
          {students.map((s) => (
            <List.Item key={s.id}>
              {s.name} — {s.lastActiveAt ? `last active ${formatDateTime(s.lastActiveAt, 'unknown')}` : 'never active'}
            </List.Item>
          ))}
          {count > students.length && <List.Item>and {count - students.length} more (see the CSV export)</List.Item>}
        </List>
      )}
    </Card>
  );
}
