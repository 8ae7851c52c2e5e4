import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { CourseLecturesResponse } from '@learn/shared';
import { notify } from '../../../lib/notify';

/** The day of a lecture, if a sidebar list already fetched names it. */
function useKnownDay(lectureId: string): number | undefined {
  const client = useQueryClient();
  for (const [, data] of client.getQueriesData<CourseLecturesResponse>({ queryKey: ['course-lectures'] })) {
    const day = data?.lectures.find((l) => l.id === lectureId)?.day;
    if (day !== undefined) return day;
  }
  return undefined;
}

/**
 * A student holding no grant for a lecture goes to their home (spec: "A student with no access of any kind
 * is redirected to /{coursePrefix}/student"), told why rather than left wondering.
 */
export function NoAccessRedirect({ prefix, lectureId }: { prefix: string; lectureId: string }) {
  const day = useKnownDay(lectureId);
  useEffect(() => {
    notify({
      id: `no-access-${lectureId}`,
      type: 'warning',
      title: day === undefined ? "You don't have access to this lecture yet" : `You don't have access to Day ${day} yet`,
      message: "Your guide hasn't granted you access yet.",
    });
  }, [lectureId, day]);
  return <Navigate to={`/${prefix}/student`} replace />;
}

/**
 * An unknown lecture (a stale link, a mistyped address) goes to the course root (spec: "An unknown lecture
 * redirects to /{coursePrefix}/"), with a notice in the spec's words, like the one for a lecture without a grant.
 */
export function UnknownLectureRedirect({ prefix, lectureId }: { prefix: string; lectureId: string }) {
  useEffect(() => {
    notify({
      id: `unknown-lecture-${lectureId}`,
      type: 'warning',
      title: 'Lecture not found',
      message: 'The requested resource was not found',
    });
  }, [lectureId]);
  return <Navigate to={`/${prefix}/`} replace />;
}
