import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useAuth } from '../../lib/auth';
import { usePrefix } from '../../lib/course-prefix';
import { useSelectedCourse } from '../../lib/course-selection';
import { useStudentDashboard } from './api/get-dashboards';
import { firstName } from './components/format';
import { ErrorState, LoadingState } from '../../lib/ui/query-state';
import { SlowLoadingInfo } from '../../lib/ui/loading-problems';
import { SavedCopyNotice } from '../../lib/ui/saved-copy-notice';
import { useSavedCopy } from '../../lib/saved-copy';
import { Achievements, ContinueCard, ProgressCard, RecentGrades } from './components/student-cards';

/** Student home (platform-core.md section 2, "Student dashboard"). */
export default function StudentHome() {
  const prefix = usePrefix();
  const { user } = useAuth();
  const selection = useSelectedCourse(prefix);
  const dashboard = useStudentDashboard(selection.course?.id);
  const copy = useSavedCopy(selection.course && `dashboard.student.${selection.course.id}`, dashboard.data);
  const loading = selection.isLoading || (dashboard.isPending && dashboard.fetchStatus !== 'idle');
  const d = dashboard.data ?? (copy.applied ? copy.saved?.data : undefined);
  const name = firstName(user?.name);

  let body;
  if (selection.error) body = <ErrorState title="Could not load your courses" error={selection.error} />;
  else if (loading && !d)
    body = (
      <>
        <LoadingState label="Loading your dashboard..." />
        <SlowLoadingInfo loading onApplyFallback={copy.apply} />
      </>
    );
  else if (!selection.course) body = <Text c="gray.7">No course is available here yet.</Text>;
  else if (dashboard.error && !d)
    body = <ErrorState title="Could not load your dashboard" error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  else if (d) {
    body = (
      <Stack gap="md">
        {!dashboard.data && copy.saved && <SavedCopyNotice savedAt={copy.saved.savedAt} />}
        <SimpleGrid cols={{ base: 1, sm: d.continueLecture ? 2 : 1 }} spacing="md">
          <ProgressCard data={d} />
          {d.continueLecture && <ContinueCard prefix={prefix} lecture={d.continueLecture} />}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <RecentGrades grades={d.recentGrades} />
          <Achievements badges={d.badges} />
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            {name ? `Welcome back, ${name}!` : 'Welcome back!'}
          </Title>
          {selection.course && (
            <Text c="gray.7" mt={4}>
              {selection.course.title}
            </Text>
          )}
        </div>
      </Group>
      {body}
    </Stack>
  );
}
