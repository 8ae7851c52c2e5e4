import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { StudentHomeworkLecture, SubmissionView } from '@learn/shared';
import { useAuth } from '../../lib/auth';
import { TaskText } from '../../lib/content-blocks/content-blocks';
import { usePrefix } from '../../lib/course-prefix';
import { useSelectedCourse } from '../../lib/course-selection';
import { ErrorState, LoadingState } from '../../lib/ui/query-state';
import { useStudentHomework } from './api/homework';
import { TaskWorkspace } from './components/task-workspace';
import { TaskProgressLine } from './components/task-progress';
import { TaskHints } from './components/task-hints';
import { taskAction } from './lib/task-draft';

function Result({ submission }: { submission: SubmissionView }) {
  const tests =
    submission.autogradeStatus === 'done' && submission.total ? `Tests: ${submission.passed} of ${submission.total} passed` : null;
  return (
    <Stack gap={2}>
      <Group gap="xs">
        {submission.grade ? <Badge color="teal">Grade: {submission.grade}</Badge> : <Badge color="yellow">Pending</Badge>}
        {tests && (
          <Text size="sm" c="gray.7">
            {tests}
          </Text>
        )}
        {(submission.autogradeStatus === 'queued' || submission.autogradeStatus === 'running') && (
          <Text size="sm" c="gray.7">
            Running the tests...
          </Text>
        )}
      </Group>
      {submission.feedback && <Text size="sm">Feedback: {submission.feedback}</Text>}
    </Stack>
  );
}

function LectureCard({
  lecture,
  userId,
  courseId,
  focusTask = null,
}: {
  lecture: StudentHomeworkLecture;
  userId: string;
  courseId: string;
  /** A task to open at once (?lecture=&task=, from the lecture page's Practice Problems). */
  focusTask?: number | null;
}) {
  const [open, setOpen] = useState<number | null>(focusTask);
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusTask !== null) card.current?.scrollIntoView?.({ block: 'start' });
  }, [focusTask]);
  return (
    <Card withBorder padding="md" ref={card}>
      <Title order={2} size="h4">
        Day {lecture.day}: {lecture.title}
      </Title>
      <Stack gap="md" mt="sm">
        {lecture.tasks.map((task) => (
          <Stack key={task.taskIndex} gap="xs">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4}>
                <Badge variant="light">{task.type === 'exercise' ? 'Exercise' : 'Homework'}</Badge>
                {/* Fixed-width output (the name badge) in a monospace block, as on the lecture page. */}
                <div>
                  <TaskText text={task.content} />
                </div>
                <TaskHints hints={task.hints ?? []} />
              </Stack>
              {open !== task.taskIndex && (
                <Button onClick={() => setOpen(task.taskIndex)} style={{ flexShrink: 0 }}>
                  {taskAction(task.type, !!task.submission)}
                </Button>
              )}
            </Group>
            {task.type === 'homework' && task.submission && <Result submission={task.submission} />}
            {task.progress && <TaskProgressLine progress={task.progress} />}
            {open === task.taskIndex && <TaskWorkspace task={task} userId={userId} courseId={courseId} onClose={() => setOpen(null)} />}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

/** Student assignments (platform-core.md section 2): granted lectures by day, each task with its work and result. */
export default function AssignmentsPage() {
  const prefix = usePrefix();
  const { user } = useAuth();
  const selection = useSelectedCourse(prefix);
  const homework = useStudentHomework(selection.course?.id);
  const [params] = useSearchParams();
  const focusTask = (lectureId: string) =>
    params.get('lecture') === lectureId && /^\d+$/.test(params.get('task') ?? '') ? Number(params.get('task')) : null;

  let body;
  if (selection.error) body = <ErrorState title="Could not load your courses" error={selection.error} />;
  else if (selection.isLoading || (homework.isPending && homework.fetchStatus !== 'idle'))
    body = <LoadingState label="Loading your assignments..." />;
  else if (!selection.course) body = <Text c="gray.7">No course is available here yet.</Text>;
  else if (homework.error)
    body = <ErrorState title="Could not load your assignments" error={homework.error} onRetry={() => void homework.refetch()} />;
  else if (!homework.data?.lectures.length) body = <Text c="gray.7">You have no accessible assignments for this course yet.</Text>;
  else
    body = (
      <Stack gap="md">
        {homework.data.lectures.map((l) => (
          <LectureCard key={l.lectureId} lecture={l} userId={user!.id} courseId={selection.course!.id} focusTask={focusTask(l.lectureId)} />
        ))}
      </Stack>
    );

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Assignments
      </Title>
      {body}
    </Stack>
  );
}
