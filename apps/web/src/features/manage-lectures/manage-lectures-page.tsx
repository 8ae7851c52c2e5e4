import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Stack, Text, Title } from '@mantine/core';
import { usePrefix } from '../../lib/course-prefix';
import { useSelectedCourse } from '../../lib/course-selection';
import { useCourseLectures, useLectureEdit } from './api/lecture-edit';
import { LectureEditor } from './components/lecture-editor';
import { LecturePicker } from '../../lib/ui/lecture-picker';
import { ErrorState, LoadingState } from '../../lib/ui/query-state';
import { useUnsavedChanges } from '../../lib/ui/unsaved-changes';

/**
 * Manage Lectures (platform-core.md sections 2 and 5, "Lecture editing") for the course chosen in the
 * sidebar. The chosen lecture is in `?lecture=`, so a reload or a shared link opens the same one.
 */
export default function ManageLecturesPage() {
  const prefix = usePrefix();
  const selection = useSelectedCourse(prefix);
  const courseId = selection.course?.id;
  const lectures = useCourseLectures(courseId);
  const [params, setParams] = useSearchParams();
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChanges(dirty);
  const list = lectures.data?.lectures ?? [];
  const requested = params.get('lecture');
  // A lecture of another course (the course was switched in the sidebar) stays open only while it holds unsaved edits.
  const lectureId = requested && (dirty || list.some((l) => l.id === requested)) ? requested : list[0]?.id;
  const edit = useLectureEdit(lectureId);
  const open = edit.data && edit.data.id === lectureId ? edit.data : undefined;

  // The address follows the open lecture while it has no unsaved edits, so that with edits the lecture stays put.
  const openId = open?.id;
  useEffect(() => {
    if (openId && !dirty && requested !== openId) setParams({ lecture: openId }, { replace: true });
  }, [openId, dirty, requested, setParams]);

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
