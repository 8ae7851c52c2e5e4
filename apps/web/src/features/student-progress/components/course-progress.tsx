import { Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { StudentProgress } from '@learn/shared';
import { formatDate } from '../../../lib/format-date';
import { percent } from './format';

type CourseEntry = StudentProgress['courses'][number];

/** One course: how many lectures are done, a bar, and each completed lecture with its date. */
export function CourseProgress({ course }: { course: CourseEntry }) {
  const done = course.completed.length;
  const pct = percent(done, course.lectureCount);
  const headingId = `course-${course.courseId}`;
  const lectures = [...course.completed].sort((a, b) => a.day - b.day);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={3} size="h4" id={headingId}>
            {course.title}
          </Title>
          <Text size="sm" c="gray.8" fw={500}>
            {done} of {course.lectureCount} lectures completed ({pct}%)
          </Text>
        </Group>
        <Progress value={pct} size="lg" radius="xl" color="teal.7" aria-label={`${course.title}: ${pct}% of lectures completed`} />
        {lectures.length === 0 ? (
          <Text c="gray.7" size="sm">
            No lectures completed yet.
          </Text>
        ) : (
          <List spacing={6} size="sm" center icon={<IconCircleCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden />}>
            {lectures.map((l) => (
              <List.Item key={l.lectureId}>
                <Text span size="sm" c="gray.9">
                  Day {l.day}: {l.title}
                </Text>{' '}
                <Text span size="xs" c="gray.7">
                  — {formatDate(l.completedAt)}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
