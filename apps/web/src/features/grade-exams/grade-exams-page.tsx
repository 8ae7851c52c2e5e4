import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Badge, Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { usePrefix } from '../../lib/course-prefix';
import { useSelectedCourse } from '../../lib/course-selection';
import { formatDateTime } from '../../lib/format-date';
import { ErrorState, LoadingState } from '../../lib/ui/query-state';
import { SimilarityMarker, similarPagePath } from '../../lib/similarity-marker';
import { useExamSubmissions, type SubmissionStatus } from './api/get-exam-submissions';
import { Grader } from './components/grader';

/** Navigation state a link may bring (Student Progress's Review). */
function useArrival(): { status?: SubmissionStatus; courseId?: string } {
  const state = useLocation().state as { status?: unknown; courseId?: unknown } | null;
  return {
    status: state?.status === 'graded' || state?.status === 'pending' ? state.status : undefined,
    courseId: typeof state?.courseId === 'string' ? state.courseId : undefined,
  };
}

/** Grade Exams (guides): pending and graded submissions, scored per question with feedback. */
export default function GradeExamsPage() {
  const prefix = usePrefix();
  const selection = useSelectedCourse(prefix);
  const courseId = selection.course?.id;
  const arrival = useArrival();
  const [status, setStatus] = useState<SubmissionStatus>(arrival.status ?? 'pending');
  // Arriving from Student Progress's Review link: the course of that exam.
  useEffect(() => {
    if (arrival.courseId && selection.courses.some((c) => c.id === arrival.courseId) && courseId !== arrival.courseId)
      selection.select(arrival.courseId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arrival.courseId, selection.courses.length]);
  const [open, setOpen] = useState<number | null>(null);
  const list = useExamSubmissions(courseId, status);

  let body;
  if (selection.error) body = <ErrorState title="Could not load your courses" error={selection.error} />;
  else if (selection.isLoading || (list.isPending && list.fetchStatus !== 'idle')) body = <LoadingState label="Loading submissions..." />;
  else if (list.error) body = <ErrorState title="Could not load the submissions" error={list.error} onRetry={() => void list.refetch()} />;
  else if (!list.data?.submissions.length)
    body = <Text c="gray.7">{status === 'pending' ? 'No exam submissions are waiting for a grade.' : 'No graded exams yet.'}</Text>;
  else
    body = (
      <Stack gap="md">
        {list.data.submissions.map((s) => (
          <Card key={s.id} withBorder padding="md">
            <Group justify="space-between" wrap="wrap">
              <Stack gap={2}>
                <Text fw={600}>
                  {s.studentName} · Week {s.week}: {s.examTitle}
                </Text>
                <Text size="sm" c="gray.7">
                  Submitted {s.submittedAt ? formatDateTime(s.submittedAt) : ''}
                  {s.submittedBy === 'server' ? ' (automatically at the deadline)' : s.submittedBy === 'timer' ? ' (time ran out)' : ''}
                </Text>
              </Stack>
              <Group gap="xs">
                <SimilarityMarker courseId={courseId} kind="exam" refId={s.id} link />
                {s.grade !== null && <Badge color="teal.8">{`${s.grade}/${s.maxGrade}`}</Badge>}
                <Button
                  variant={open === s.id ? 'filled' : 'light'}
                  onClick={() => setOpen(open === s.id ? null : s.id)}
                  aria-expanded={open === s.id}
                >
                  {open === s.id ? 'Close' : status === 'pending' ? 'Grade' : 'Regrade'}
                </Button>
              </Group>
            </Group>
            {open === s.id && (
              <Stack mt="md">
                <Grader submission={s} onDone={() => setOpen(null)} />
              </Stack>
            )}
          </Card>
        ))}
      </Stack>
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
        <div>
          <Title order={1} size="h2">
            Grade Exams
          </Title>
          {selection.course && (
            <Text c="gray.7" mt={4} data-testid="page-course">
              {selection.course.title}: submitted exams to grade.
            </Text>
          )}
        </div>
        <Button component={Link} to={similarPagePath(prefix)} variant="default" size="sm">
          Similar submissions
        </Button>
      </Group>
      <SegmentedControl
        w="fit-content"
        value={status}
        onChange={(v) => setStatus(v as SubmissionStatus)}
        data={[
          { value: 'pending', label: 'Pending' },
          { value: 'graded', label: 'Graded' },
        ]}
        aria-label="Show pending or graded submissions"
      />
      {body}
    </Stack>
  );
}
