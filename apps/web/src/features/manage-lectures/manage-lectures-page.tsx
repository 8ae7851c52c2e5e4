import { Stack, Text, Title } from '@mantine/core';
import { usePrefix } from '../../lib/course-prefix';
import { useAddressFollows, useLecturePicker } from '../../lib/use-lecture-picker';
import { useLectureEdit } from './api/lecture-edit';
import { LectureEditor } from './components/lecture-editor';
import { LecturePicker } from '../../lib/ui/lecture-picker';
import { ErrorState, LoadingState } from '../../lib/ui/query-state';

/**
 * Manage Lectures (platform-core.md sections 2 and 5, "Lecture editing") for the course chosen in the
 * sidebar. The chosen lecture is in `?lecture=`, so a reload or a shared link opens the same one.
 */
export default function ManageLecturesPage() {
  const picker = useLecturePicker(usePrefix());
  const { selection, courseId, lectures, list, lectureId, setDirty, guard, setParams } = picker;
  const edit = useLectureEdit(lectureId);
  const open = edit.data && edit.data.id === lectureId ? edit.data : undefined;
  useAddressFollows(picker, open?.id);

  let body;
  // The open editor stays mounted whatever else reloads, so its text is never thrown away.
  if (open) body = <LectureEditor key={open.id} lecture={open} courseId={open.courseId} onDirtyChange={setDirty} />;
  else if (selection.error) body = <ErrorState title="Could not load the courses" error={selection.error} />;
  else if (lectures.error)
    body = <ErrorState title="Could not load the lectures" error={lectures.error} onRetry={() => void lectures.refetch()} />;
  else if (selection.isLoading || lectures.isLoading) body = <LoadingState label="Loading lectures..." />;
  else if (!courseId) body = <Text c="gray.7">No course is available here yet.</Text>;
  else if (list.length === 0) body = <Text c="gray.7">This course has no lectures yet.</Text>;
  else if (edit.error) body = <ErrorState title="Could not load the lecture" error={edit.error} onRetry={() => void edit.refetch()} />;
  else body = <LoadingState label="Loading the lecture..." />;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Manage Lectures
        </Title>
        <Text c="gray.7" mt={4}>
          {selection.course ? `${selection.course.title}: edit` : 'Edit'} a lecture&apos;s text, content blocks and quiz. Students see the
          changes on their next visit.
        </Text>
      </div>
      <LecturePicker
        lectures={list}
        value={lectureId}
        current={open && { id: open.id, day: open.day, title: open.title }}
        onChange={(id) => setParams({ lecture: id })}
        disabled={!list.length}
      />
      {body}
      {guard.dialog}
    </Stack>
  );
}
