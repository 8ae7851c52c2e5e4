import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useAuth } from '../../lib/auth';
import { usePrefix } from '../../lib/course-prefix';
import { useSelectedCourse } from '../../lib/course-selection';
import { useStudentDashboard } from './api/get-dashboards';
import { firstName } from './components/format';
import { ErrorState, LoadingState } from '../../lib/ui/query-state';
import { Achievements, ContinueCard, ProgressCard, RecentGrades } from './components/student-cards';

/** Student home (platform-core.md section 2, "Student dashboard"). */
export default function StudentHome() {
  const prefix = usePrefix();
  const { user } = useAuth();
  const selection = useSelectedCourse(prefix);
  const dashboard = useStudentDashboard(selection.course?.id);
  const name = firstName(user?.name);

  let body;
  if (selection.error) body = <ErrorState title="Could not load your courses" error={selection.error} />;
  else if (selection.isLoading || (dashboard.isPending && dashboard.fetchStatus !== 'idle'))
    body = <LoadingState label="Loading your dashboard..." />;
  else if (!selection.course) body = <Text c="gray.7">No course is available here yet.</Text>;
  else if (dashboard.error)
    body = <ErrorState title="Could not load your dashboard" error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  else if (dashboard.data) {
    const d = dashboard.data;
    body = (
      <Stack gap="md">
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
