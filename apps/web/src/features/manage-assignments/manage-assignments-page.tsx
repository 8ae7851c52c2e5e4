import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { usePrefix } from '../../app/router';
import { toAppError } from '../../lib/errors';
import { useSelectedCourse } from '../../lib/course-selection';
import { useAssignment, useCourseLectures } from './api/assignment';
import { AssignmentEditor } from './components/assignment-editor';
import { CoursePicker, LecturePicker } from './components/pickers';
import { ErrorState, LoadingState } from './components/query-state';
import { useUnsavedChanges } from './components/unsaved-changes';

/** Manage Assignments: a lecture's practice tasks (type, text, starter code). The lecture is in `?lecture=`. */
export default function ManageAssignmentsPage() {
  const prefix = usePrefix();
  const selection = useSelectedCourse(prefix);
  const courseId = selection.course?.id;
  const lectures = useCourseLectures(courseId);
  const [params, setParams] = useSearchParams();
  const list = lectures.data?.lectures ?? [];
  const requested = params.get('lecture');
  const lectureId = list.find((l) => l.id === requested)?.id ?? list[0]?.id;
  const assignment = useAssignment(lectureId);
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChanges(dirty);

  let body;
  if (selection.error) body = <ErrorState title="Could not load the courses" error={selection.error} />;
  else if (lectures.error)
    body = <ErrorState title="Could not load the lectures" error={lectures.error} onRetry={() => void lectures.refetch()} />;
  else if (selection.isLoading || lectures.isLoading) body = <LoadingState label="Loading lectures..." />;
  else if (!courseId) body = <Text c="gray.7">No course is available here yet.</Text>;
  else if (list.length === 0) body = <Text c="gray.7">This course has no lectures yet.</Text>;
  else if (assignment.error && toAppError(assignment.error).type === 'NOT_FOUND')
    body = (
      <Alert color="blue" variant="light" title="No assignment">
        <Text size="sm">This lecture has no practice tasks.</Text>
      </Alert>
    );
  else if (assignment.error)
    body = <ErrorState title="Could not load the assignment" error={assignment.error} onRetry={() => void assignment.refetch()} />;
  else if (!assignment.data || assignment.data.lectureId !== lectureId) body = <LoadingState label="Loading the assignment..." />;
  else body = <AssignmentEditor key={assignment.data.lectureId} assignment={assignment.data} onDirtyChange={setDirty} />;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Manage Assignments
        </Title>
        <Text c="gray.7" mt={4}>
          Edit the practice tasks of a lecture: one or two, each an exercise or homework.
        </Text>
      </div>
      <Group align="flex-end" gap="md">
        <CoursePicker courses={selection.courses} value={courseId} onChange={(id) => guard.confirmThen(() => selection.select(id))} />
        <LecturePicker lectures={list} value={lectureId} onChange={(id) => setParams({ lecture: id })} disabled={!list.length} />
      </Group>
      {body}
      {guard.dialog}
    </Stack>
  );
}
