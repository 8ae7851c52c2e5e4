import { Badge, Group, Text } from '@mantine/core';
import type { TaskProgress } from '@learn/shared';
import { formatDateTime } from '../../../lib/format-date';

/** The task's kept progress: solved or not, and how the latest check went (tests in order, the first the sample). */
export function TaskProgressLine({ progress }: { progress: TaskProgress }) {
  return (
    <Group gap="xs" aria-label="Your progress on this task">
      {progress.solvedAt ? <Badge color="teal.9">Solved</Badge> : <Badge color="gray.7">Not solved yet</Badge>}
      <Text size="sm" c="gray.7">
        Last check {formatDateTime(progress.checkedAt)}: {progress.passed} of {progress.total} tests passed
      </Text>
    </Group>
  );
}
