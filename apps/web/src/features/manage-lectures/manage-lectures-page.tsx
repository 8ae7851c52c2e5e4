import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Group, Stack, Text, Title } from '@mantine/core';
import { usePrefix } from '../../app/router';
import { useSelectedCourse } from '../../lib/course-selection';
import { useCourseLectures, useLectureEdit } from './api/lecture-edit';
import { LectureEditor } from './components/lecture-editor';
import { CoursePicker, LecturePicker } from './components/pickers';
import { ErrorState, LoadingState } from './components/query-state';
import { useUnsavedChanges } from './components/unsaved-changes';

/** Manage Lectures (platform-core.md sections 2 and 5, "Lecture editing"). The chosen lecture is in `?lecture=`. */
export default function ManageLecturesPage() {
  const prefix = usePrefix();
  const selection = useSelectedCourse(prefix);
  const courseId = selection.course?.id;
  const lectures = useCourseLectures(courseId);
  const [params, setParams] = useSearchParams();
  const list = lectures.data?.lectures ?? [];
  const requested = params.get('lecture');
  const lectureId = list.find((l) => l.id === requested)?.id ?? list[0]?.id;
  const edit = useLectureEdit(lectureId);
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChanges(dirty);

  let body;
  if (selection.error) body = <ErrorState title="Could not load the courses" error={selection.error} />;
  else if (lectures.error)
    body = <ErrorState title="Could not load the lectures" error={lectures.error} onRetry={() => void lectures.refetch()} />;
  else if (selection.isLoading || lectures.isLoading) body = <LoadingState label="Loading lectures..." />;
  else if (!courseId) body = <Text c="gray.7">No course is available here yet.</Text>;
  else if (list.length === 0) body = <Text c="gray.7">This course has no lectures yet.</Text>;
  else if (edit.error) body = <ErrorState title="Could not load the lecture" error={edit.error} onRetry={() => void edit.refetch()} />;
  else if (!edit.data || edit.data.id !== lectureId) body = <LoadingState label="Loading the lecture..." />;
  else body = <LectureEditor key={edit.data.id} lecture={edit.data} courseId={courseId} onDirtyChange={setDirty} />;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Manage Lectures
        </Title>
        <Text c="gray.7" mt={4}>
          Edit a lecture&apos;s text, content blocks and quiz. Students see the changes on their next visit.
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
