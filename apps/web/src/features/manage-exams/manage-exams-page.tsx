import { useState } from 'react';
import { Badge, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { EXAM_WEEKS } from '@learn/shared';
import { usePrefix } from '../../lib/course-prefix';
import { count } from '../../lib/format-count';
import { useSelectedCourse } from '../../lib/course-selection';
import { toAppError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { ErrorState, LoadingState } from '../../lib/ui/query-state';
import { useCreateExam } from './api/create-exam';
import { useManageExams } from './api/get-manage-exams';
import { ExamEditor } from './components/exam-editor';

/** Manage Exams (guides): one exam per week, created with the spec's defaults and edited question by question. */
export default function ManageExamsPage() {
  const prefix = usePrefix();
  const selection = useSelectedCourse(prefix);
  const courseId = selection.course?.id;
  const exams = useManageExams(courseId);
  const [selected, setSelected] = useState<string | null>(null);
  const create = useCreateExam(courseId);

  function createWeek(week: number) {
    create.mutate(week, {
      onSuccess: (exam) => setSelected(exam.id),
      onError: (err) => notify({ type: 'error', title: 'Could not create the exam', message: toAppError(err).message }),
    });
  }

  let body;
  if (selection.error) body = <ErrorState title="Could not load your courses" error={selection.error} />;
  else if (selection.isLoading || (exams.isPending && exams.fetchStatus !== 'idle')) body = <LoadingState label="Loading exams..." />;
  else if (exams.error) body = <ErrorState title="Could not load the exams" error={exams.error} onRetry={() => void exams.refetch()} />;
  else {
    const list = exams.data?.exams ?? [];
    const current = list.find((e) => e.id === selected);
    body = (
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {Array.from({ length: EXAM_WEEKS }, (_, i) => i + 1).map((week) => {
            const exam = list.find((e) => e.week === week);
            return (
              <Card key={week} withBorder padding="sm">
                <Stack gap={6}>
                  <Text fw={600}>Week {week}</Text>
                  {exam ? (
                    <>
                      <Text size="sm" lineClamp={1}>
                        {exam.title}
                      </Text>
                      <Badge variant="light" color="gray.7">
                        {count(exam.questions.length, 'question')}
                      </Badge>
                      <Button
                        size="xs"
                        variant={selected === exam.id ? 'filled' : 'light'}
                        onClick={() => setSelected(exam.id)}
                        aria-label={`Edit week ${week} exam`}
                      >
                        Edit
                      </Button>
                    </>
                  ) : (
                    <Button size="xs" variant="default" onClick={() => createWeek(week)} aria-label={`Create week ${week} exam`}>
                      Create
                    </Button>
                  )}
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
        {current ? <ExamEditor key={current.id} exam={current} /> : <Text c="gray.7">Choose a week to create or edit its exam.</Text>}
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Manage Exams
        </Title>
        {selection.course && (
          <Text c="gray.7" mt={4} data-testid="page-course">
            {selection.course.title}: the weekly exams of this course.
          </Text>
        )}
      </div>
      {body}
    </Stack>
  );
}
