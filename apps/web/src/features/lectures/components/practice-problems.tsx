import { Link } from 'react-router-dom';
import { Badge, Button, Card, Group, Stack, Title } from '@mantine/core';
import type { CodeLanguage, LectureView, TaskType } from '@learn/shared';
import { CodeBlock, TaskText } from '../../../lib/content-blocks/content-blocks';
import { EmptyText, LockedPanel } from './locked-panel';

const taskBadges: Record<TaskType, { label: string; color: string }> = {
  exercise: { label: 'Exercise', color: 'teal.9' },
  homework: { label: 'Homework', color: 'violet.9' },
};

/** The language of a lecture's starter code: Python for the python track, C++ for the C++ course, else C. */
export function starterLanguage(lecture: Pick<LectureView, 'prefix' | 'courseId'>): CodeLanguage {
  if (lecture.prefix === 'python') return 'python';
  return /cpp/.test(lecture.courseId) ? 'cpp' : 'c';
}

/**
 * Where a task is worked on: a student's Assignments page with that task open, a guide's Manage
 * Assignments on this lecture (where its submissions are reviewed too).
 */
export function taskLink(lecture: Pick<LectureView, 'prefix' | 'id'>, taskIndex: number, role: string | undefined) {
  const lectureParam = encodeURIComponent(lecture.id);
  return role === 'student'
    ? `/${lecture.prefix}/assignments?lecture=${lectureParam}&task=${taskIndex}`
    : `/${lecture.prefix}/manage-homework?lecture=${lectureParam}`;
}

/** Practice Problems: the lecture's tasks, each leading to where it is done, or the locked text without the grant. */
export function PracticeProblems({ lecture, role }: { lecture: LectureView; role?: string }) {
  const language = starterLanguage(lecture);
  return (
    <Stack gap="md" component="section" aria-labelledby="practice-problems">
      <Title order={2} size="h3" id="practice-problems">
        Practice Problems
      </Title>
      {lecture.tasks === undefined ? (
        <LockedPanel />
      ) : lecture.tasks.length === 0 ? (
        <EmptyText>This lecture has no practice problems.</EmptyText>
      ) : (
        lecture.tasks.map((task, i) => (
          <Card key={i} withBorder radius="md" padding="md" data-testid="practice-task">
            <Stack gap="sm">
              <Group justify="space-between" gap="xs">
                <Badge color={taskBadges[task.type].color} variant="filled" radius="sm">
                  {taskBadges[task.type].label}
                </Badge>
                <Button component={Link} to={taskLink(lecture, i, role)} size="xs" variant="light">
                  {role === 'student' ? `Open task ${i + 1} in Assignments` : `Open task ${i + 1} in Manage Assignments`}
                </Button>
              </Group>
              <div>
                <TaskText text={task.content} />
              </div>
              {task.initialCode && <CodeBlock code={task.initialCode} language={language} caption="Starter code" />}
            </Stack>
          </Card>
        ))
      )}
    </Stack>
  );
}
