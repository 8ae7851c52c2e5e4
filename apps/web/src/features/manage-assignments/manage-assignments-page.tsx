import { Alert, Stack, Text, Title } from '@mantine/core';
import { usePrefix } from '../../lib/course-prefix';
import { toAppError } from '../../lib/errors';
import { useAddressFollows, useLecturePicker } from '../../lib/use-lecture-picker';
import { useAssignment } from './api/assignment';
import { AssignmentEditor } from './components/assignment-editor';
import { LecturePicker } from '../../lib/ui/lecture-picker';
import { ErrorState, LoadingState } from '../../lib/ui/query-state';
import { SubmissionsReview } from './components/submissions-review';

/**
 * Manage Assignments: a lecture's practice tasks (type, text, starter code) in the course chosen in the
 * sidebar. The lecture is in `?lecture=`.
 */
export default function ManageAssignmentsPage() {
  const picker = useLecturePicker(usePrefix());
  const { selection, courseId, lectures, list, lectureId, setDirty, guard, setParams } = picker;
  const assignment = useAssignment(lectureId);
  const open = assignment.data && assignment.data.lectureId === lectureId ? assignment.data : undefined;
  useAddressFollows(picker, open?.lectureId);

  let body;
  // The open editor stays mounted whatever else reloads, so its text is never thrown away.
  if (open) body = <AssignmentEditor key={open.lectureId} assignment={open} onDirtyChange={setDirty} />;
  else if (selection.error) body = <ErrorState title="Could not load the courses" error={selection.error} />;
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
  else body = <LoadingState label="Loading the assignment..." />;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Manage Assignments
        </Title>
        <Text c="gray.7" mt={4}>
          {selection.course ? `${selection.course.title}: edit` : 'Edit'} the practice tasks of a lecture, one or two, each an exercise or
          homework.
        </Text>
      </div>
      <LecturePicker
        lectures={list}
        value={lectureId}
        current={open && { id: open.lectureId, day: open.day, title: open.lectureTitle }}
        onChange={(id) => setParams({ lecture: id })}
        disabled={!list.length}
      />
      {body}
      <SubmissionsReview courseId={courseId} />
      {guard.dialog}
    </Stack>
  );
}
