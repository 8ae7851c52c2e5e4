import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { usePrefix } from '../../lib/course-prefix';
import { useSelectedCourse } from '../../lib/course-selection';
import { ErrorState, LoadingState } from '../../lib/ui/query-state';
import { csvUrl, useAnalytics, useBatchOptions } from './api/analytics';
import { AtRiskPanel, DifficultPanel, InactivePanel, StatCard } from './components/panels';

const AnalyticsCharts = lazy(() => import('./components/charts'));

/** Course Analytics (guides): the figures come from the server; the charts load on demand. */
export default function AnalyticsPage() {
  const prefix = usePrefix();
  const navigate = useNavigate();
  const selection = useSelectedCourse(prefix);
  const course = selection.course;
  const [batchId, setBatchId] = useState<string | null>(null);
  const batches = useBatchOptions();
  const analytics = useAnalytics(course?.id, batchId);

  let body;
  if (selection.error) body = <ErrorState title="Could not load your courses" error={selection.error} />;
  else if (analytics.error)
    body = <ErrorState title="Could not load the analytics" error={analytics.error} onRetry={() => void analytics.refetch()} />;
  else if (!analytics.data) body = <LoadingState label="Loading analytics..." />;
  else {
    const a = analytics.data;
    body = (
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <StatCard label="Total Enrollment" value={String(a.totalEnrollment)} />
          <StatCard label="Overall Completion" value={`${a.avgCompletion.toFixed(1)}%`} />
          <StatCard
            label="Average Exam Score"
            value={a.avgExamScore === null ? '—' : `${a.avgExamScore.toFixed(1)}%`}
            hint={a.gradedExamCount ? `${a.gradedExamCount} graded exam(s)` : 'No graded exams yet'}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <AtRiskPanel
            students={a.atRiskStudents}
            onOpen={(id) => void navigate(`/${prefix}/student-progress`, { state: { selectedStudentId: id } })}
          />
          <DifficultPanel lectures={a.difficultLectures} />
        </SimpleGrid>
        <InactivePanel students={a.inactiveStudents} count={a.inactiveCount} />
        <Suspense fallback={<LoadingState label="Loading charts..." />}>
          <AnalyticsCharts data={a} />
        </Suspense>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Course Analytics
        </Title>
        <Text c="gray.7">An overview of student performance in the {course?.title ?? ''} course.</Text>
      </Stack>
      <Group gap="sm" align="flex-end" wrap="wrap">
        {selection.courses.length > 1 && (
          <Select
            label="Course"
            data={selection.courses.map((c) => ({ value: c.id, label: c.title }))}
            value={course?.id ?? null}
            onChange={(v) => v && selection.select(v)}
            allowDeselect={false}
            w={{ base: '100%', sm: 240 }}
          />
        )}
        <Select
          label="Batch"
          data={[{ value: '', label: 'All batches' }, ...(batches.data ?? []).map((b) => ({ value: b.id, label: b.name }))]}
          value={batchId ?? ''}
          onChange={(v) => setBatchId(v || null)}
          allowDeselect={false}
          w={{ base: '100%', sm: 240 }}
        />
        {course && (
          <Button
            component="a"
            href={csvUrl(course.id, batchId)}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Download CSV
          </Button>
        )}
      </Group>
      {body}
    </Stack>
  );
}
