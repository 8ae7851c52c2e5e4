import { Badge, Card, Stack, Title } from '@mantine/core';
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

/** Practice Problems: the lecture's tasks, or the locked text without the assignment grant. */
export function PracticeProblems({ lecture }: { lecture: LectureView }) {
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
              <Badge color={taskBadges[task.type].color} variant="filled" radius="sm">
                {taskBadges[task.type].label}
              </Badge>
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
