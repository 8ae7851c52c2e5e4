import { Anchor, Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { SimilarityMarkers } from '@learn/shared';
import { api } from './api-client';
import { usePrefix } from './course-prefix';

/**
 * The quiet marker of issue 30 on the review pages (Manage Assignments, Grade Exams): a submission or an
 * exam attempt that belongs to a pair at or above the course's similarity threshold. It lives in lib/
 * because two features show it and features never import each other; the page it links to is the
 * similarity feature's.
 */
export function useSimilarityMarkers(courseId: string | undefined) {
  return useQuery({
    queryKey: ['similarity', 'markers', courseId ?? ''],
    queryFn: ({ signal }) => api<SimilarityMarkers>(`similarity/markers?courseId=${encodeURIComponent(courseId!)}`, { signal }),
    enabled: !!courseId,
    staleTime: 60_000,
  });
}

export const similarPagePath = (prefix: string, scope?: string) =>
  `/${prefix}/similar${scope ? `?scope=${encodeURIComponent(scope)}` : ''}`;

/**
 * `link`: a link to the pair list (for places where a link may go); otherwise a plain badge (inside an
 * accordion's header button, where a link would be a control inside a control).
 */
export function SimilarityMarker({
  courseId,
  kind,
  refId,
  link = false,
}: {
  courseId: string | undefined;
  kind: 'homework' | 'exam';
  refId: number;
  link?: boolean;
}) {
  const prefix = usePrefix();
  const markers = useSimilarityMarkers(courseId);
  const mine = markers.data?.[kind].filter((m) => m.ref === refId) ?? [];
  if (mine.length === 0) return null;
  const best = mine.reduce((a, b) => (b.similarity > a.similarity ? b : a));
  const pct = Math.round(best.similarity * 100);
  if (link)
    return (
      <Anchor component={Link} to={similarPagePath(prefix, best.scope)} size="sm">
        Similar to another submission ({pct}%): compare
      </Anchor>
    );
  return (
    <Badge variant="outline" color="gray.7" size="sm" tt="none">
      Similar {pct}%
    </Badge>
  );
}
