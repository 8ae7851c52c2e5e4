import { Group, Stack, Text, Title } from '@mantine/core';
import { usePrefix } from '../../lib/course-prefix';
import { useSelectedCourse } from '../../lib/course-selection';
import { useGuideDashboard } from './api/get-dashboards';
import { QuickLinks, SummaryCards } from './components/guide-cards';
import { ErrorState, LoadingState } from '../../lib/ui/query-state';
import { SlowLoadingInfo } from '../../lib/ui/loading-problems';
import { SavedCopyNotice } from '../../lib/ui/saved-copy-notice';
import { useSavedCopy } from '../../lib/saved-copy';
import { StudentsTable } from './components/students-table';
import { ExplainUsagePanel } from '../../lib/explain/usage-panel';

/** Guide home: the course at a glance, who needs attention, what waits for grading, and the guide pages. */
export default function GuideHome() {
  const prefix = usePrefix();
  const selection = useSelectedCourse(prefix);
  const dashboard = useGuideDashboard(selection.course?.id);
  const copy = useSavedCopy(selection.course && `dashboard.guide.${selection.course.id}`, dashboard.data);
  const loading = selection.isLoading || (dashboard.isPending && dashboard.fetchStatus !== 'idle');
  const d = dashboard.data ?? (copy.applied ? copy.saved?.data : undefined);

  let body;
  if (selection.error) body = <ErrorState title="Could not load the courses" error={selection.error} />;
  else if (loading && !d)
    body = (
      <>
        <LoadingState label="Loading the course dashboard..." />
        <SlowLoadingInfo loading onApplyFallback={copy.apply} />
      </>
    );
  else if (!selection.course) body = <Text c="gray.7">No course is available here yet.</Text>;
  else if (dashboard.error && !d)
    body = <ErrorState title="Could not load the dashboard" error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  else if (d)
    body = (
      <>
        {!dashboard.data && copy.saved && <SavedCopyNotice savedAt={copy.saved.savedAt} />}
        <SummaryCards prefix={prefix} data={d} />
        <StudentsTable prefix={prefix} students={d.students} lectureCount={d.lectureCount} />
      </>
    );

  const title = d?.courseTitle ?? selection.course?.title;
  const lectureCount = d?.lectureCount ?? selection.course?.lectureCount;
  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            {title ?? 'Dashboard'}
          </Title>
          {lectureCount !== undefined && (
            <Text c="gray.7" mt={4}>
              {lectureCount} {lectureCount === 1 ? 'lecture' : 'lectures'}
            </Text>
          )}
        </div>
      </Group>
      {body}
      <ExplainUsagePanel />
      <QuickLinks prefix={prefix} />
    </Stack>
  );
}
