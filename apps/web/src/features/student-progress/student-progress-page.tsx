import { useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { useStudentList, useStudentProgress } from './api/progress';
import { CourseProgress } from './components/course-progress';
import { ErrorState, LoadingState } from '../../lib/ui/query-state';
import { BadgesSection, ExamsSection, HomeworkSection } from './components/results';

function preselected(state: unknown): string | null {
  const id = (state as { selectedStudentId?: unknown } | null)?.selectedStudentId;
  return typeof id === 'string' && id ? id : null;
}

/** Student Progress: pick a student (or arrive with one picked) and see each course, badges and results. */
export default function StudentProgressPage() {
  const location = useLocation();
  const [studentId, setStudentId] = useState<string | null>(() => preselected(location.state));
  const students = useStudentList();
  const progress = useStudentProgress(studentId);

  const options = useMemo(
    () => (students.data ?? []).map((s) => ({ value: s.id, label: s.batchName ? `${s.name} (${s.batchName})` : s.name })),
    [students.data],
  );

  let picker;
  if (students.error)
    picker = (
      <Alert color="red" variant="light" title="Error loading students" icon={<IconAlertCircle aria-hidden />} role="alert">
        <Text size="sm" c="red.9">
          {students.error.message}
        </Text>
      </Alert>
    );
  else if (students.isPending) picker = <LoadingState label="Loading students..." />;
  else if (options.length === 0) picker = <Text c="gray.7">No students enrolled yet</Text>;
  else
    picker = (
      <Select
        label="Student"
        placeholder="Search by name"
        searchable
        nothingFoundMessage="No student matches"
        data={options}
        value={studentId}
        onChange={setStudentId}
        leftSection={<IconSearch size={16} aria-hidden />}
        maxDropdownHeight={320}
        w={{ base: '100%', sm: 360 }}
      />
    );

  let body = null;
  if (!studentId) {
    if (options.length > 0) body = <Text c="gray.7">Choose a student to see their progress.</Text>;
  } else if (progress.error) {
    body = <ErrorState title="Could not load this student's progress" error={progress.error} onRetry={() => void progress.refetch()} />;
  } else if (!progress.data) {
    body = <LoadingState label="Loading progress..." />;
  } else {
    const p = progress.data;
    body = (
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">
            {p.student.name}
          </Title>
          <Text c="gray.7" size="sm">
            {p.student.email} · {p.student.batchName ?? 'No batch'}
          </Text>
        </div>
        {p.courses.length === 0 ? (
          <Text c="gray.7">No courses yet.</Text>
        ) : (
          p.courses.map((c) => <CourseProgress key={c.courseId} course={c} />)
        )}
        <BadgesSection badges={p.badges} />
        <HomeworkSection homework={p.homework} />
        <ExamsSection exams={p.exams} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Student Progress
          </Title>
          <Text c="gray.7" mt={4}>
            Lectures completed, badges, homework and exams of one student.
          </Text>
        </div>
      </Group>
      {picker}
      {body}
    </Stack>
  );
}
