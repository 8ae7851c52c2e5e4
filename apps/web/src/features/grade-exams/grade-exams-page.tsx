import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert, Badge, Button, Card, Group, NumberInput, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExamQuestion, ExamSubmissionView } from '@learn/shared';
import { api } from '../../lib/api-client';
import { usePrefix } from '../../lib/course-prefix';
import { useSelectedCourse } from '../../lib/course-selection';
import { toAppError } from '../../lib/errors';
import { formatDateTime } from '../../lib/format-date';
import { notify } from '../../lib/notify';
import { ErrorState, LoadingState } from '../../lib/ui/query-state';
import { SimilarityMarker, similarPagePath } from '../../lib/similarity-marker';
import { Link } from 'react-router-dom';

function answerText(q: ExamQuestion, value: unknown): string {
  if (value === undefined || value === null || value === '') return '(no answer)';
  if (q.type === 'mcq')
    return typeof value === 'number' ? `${String.fromCharCode(65 + value)}. ${q.options?.[value] ?? ''}` : String(value);
  return String(value);
}

function Grader({ submission, onDone }: { submission: ExamSubmissionView; onDone: () => void }) {
  const [current, setCurrent] = useState(submission);
  const [scores, setScores] = useState<Record<string, number | string>>(() =>
    Object.fromEntries(submission.questions.map((q) => [q.id, submission.scores?.[q.id] ?? submission.autoPoints[q.id] ?? ''])),
  );
  const [feedback, setFeedback] = useState(submission.feedback ?? '');
  const [busy, setBusy] = useState<'tests' | 'grade' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const hasTests = current.questions.some((q) => (q.type === 'code' || q.type === 'debug') && q.tests?.length);
  const total = current.questions.reduce((sum, q) => sum + (Number(scores[q.id]) || 0), 0);

  async function runTests() {
    setBusy('tests');
    try {
      const next = await api<ExamSubmissionView>(`exam-submissions/${current.id}/tests`, { method: 'POST', timeoutMs: 180_000 });
      setCurrent(next);
      // Suggested points fill the scores the mate has not typed yet.
      setScores((s) => {
        const filled = { ...s };
        for (const [id, points] of Object.entries(next.autoPoints))
          if (points !== null && (s[id] === '' || s[id] === undefined)) filled[id] = points;
        return filled;
      });
    } catch (err) {
      setError(toAppError(err).message);
    } finally {
      setBusy(null);
    }
  }

  async function grade() {
    setBusy('grade');
    setError(null);
    try {
      const body = { scores: Object.fromEntries(current.questions.map((q) => [q.id, Number(scores[q.id]) || 0])), feedback };
      await api(`exam-submissions/${current.id}/grade`, { method: 'PUT', body });
      notify({ type: 'success', title: 'Grade saved', message: `${current.studentName}: ${total}/${current.maxGrade}` });
      onDone();
    } catch (err) {
      setError(toAppError(err).message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="md">
      {current.questions.map((q, i) => {
        const tests = current.tests[q.id];
        return (
          <Card key={q.id} withBorder padding="sm">
            <Stack gap={6}>
              <Text fw={600}>
                Question {i + 1} ({q.points} points): {q.prompt}
              </Text>
              <Text
                component="pre"
                size="sm"
                ff={q.type === 'code' || q.type === 'debug' ? 'monospace' : undefined}
                style={{ whiteSpace: 'pre-wrap' }}
                bg="gray.0"
                p="xs"
              >
                {answerText(q, current.answers[q.id])}
              </Text>
              {q.type === 'mcq' && (
                <Text size="sm" c="gray.7">
                  Correct: {String.fromCharCode(65 + (q.correctOption ?? 0))}. Automatic points: {current.autoPoints[q.id] ?? 0}
                </Text>
              )}
              {q.modelAnswer && (
                <Text size="sm" c="gray.7" style={{ whiteSpace: 'pre-wrap' }}>
                  Model answer: {q.modelAnswer}
                </Text>
              )}
              {tests && (
                <Text size="sm" c={tests.every((t) => t.passed) ? 'teal.9' : 'orange.9'}>
                  Tests: {tests.filter((t) => t.passed).length} of {tests.length} passed
                  {tests.find((t) => !t.passed)?.error ? ` (${tests.find((t) => !t.passed)!.error})` : ''}
                </Text>
              )}
              <NumberInput
                label={`Score for question ${i + 1}`}
                min={0}
                max={q.points}
                clampBehavior="strict"
                w={200}
                value={scores[q.id]}
                onChange={(v) => setScores((s) => ({ ...s, [q.id]: v }))}
              />
            </Stack>
          </Card>
        );
      })}
      <Textarea label="Feedback" autosize minRows={2} value={feedback} onChange={(e) => setFeedback(e.currentTarget.value)} />
      {error && (
        <Alert color="red" title="Not saved" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="space-between">
        <Text fw={600}>
          Total: {total}/{current.maxGrade}
        </Text>
        <Group>
          {hasTests && (
            <Button variant="default" loading={busy === 'tests'} onClick={() => void runTests()}>
              Run tests
            </Button>
          )}
          <Button loading={busy === 'grade'} onClick={() => void grade()}>
            Save Grade
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** Navigation state a link may bring (Student Progress's Review). */
function useArrival(): { status?: 'pending' | 'graded'; courseId?: string } {
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
  const [status, setStatus] = useState<'pending' | 'graded'>(arrival.status ?? 'pending');
  // Arriving from Student Progress's Review link: the course of that exam.
  useEffect(() => {
    if (arrival.courseId && selection.courses.some((c) => c.id === arrival.courseId) && courseId !== arrival.courseId)
      selection.select(arrival.courseId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arrival.courseId, selection.courses.length]);
  const [open, setOpen] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['exams', 'submissions', courseId ?? '', status],
    queryFn: () =>
      api<{ submissions: ExamSubmissionView[] }>(`exam-submissions?courseId=${encodeURIComponent(courseId!)}&status=${status}`),
    enabled: !!courseId,
  });

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
                <Grader
                  submission={s}
                  onDone={() => {
                    setOpen(null);
                    void queryClient.invalidateQueries({ queryKey: ['exams', 'submissions'] });
                  }}
                />
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
        onChange={(v) => setStatus(v as 'pending' | 'graded')}
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
