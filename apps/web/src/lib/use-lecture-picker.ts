import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CoursePrefix } from '@learn/shared';
import { useSelectedCourse } from './course-selection';
import { useCourseLectures } from './course-lectures';
import { useUnsavedChanges } from './ui/unsaved-changes';

/**
 * The lecture a manage page edits, for the course chosen in the sidebar. The chosen lecture is in
 * `?lecture=`, so a reload or a shared link opens the same one; a lecture of another course (after a
 * course switch) stays open only while it holds unsaved edits.
 */
export function useLecturePicker(prefix: CoursePrefix) {
  const selection = useSelectedCourse(prefix);
  const courseId = selection.course?.id;
  const lectures = useCourseLectures(courseId);
  const [params, setParams] = useSearchParams();
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChanges(dirty);
  const list = lectures.data?.lectures ?? [];
  const requested = params.get('lecture');
  const lectureId = requested && (dirty || list.some((l) => l.id === requested)) ? requested : list[0]?.id;
  return { selection, courseId, lectures, list, lectureId, requested, dirty, setDirty, guard, setParams };
}

/** The address follows the open lecture while it has no unsaved edits, so that with edits the lecture stays put. */
export function useAddressFollows(picker: ReturnType<typeof useLecturePicker>, openId: string | undefined) {
  const { dirty, requested, setParams } = picker;
  useEffect(() => {
    if (openId && !dirty && requested !== openId) setParams({ lecture: openId }, { replace: true });
  }, [openId, dirty, requested, setParams]);
}
