import { useEffect, useRef } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { Alert, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import type { LectureView } from '@learn/shared';
import { useAuth } from '../../lib/auth';
import { usePrefix } from '../../lib/course-prefix';
import { useSelectedCourse } from '../../lib/course-selection';
import { toAppError } from '../../lib/errors';
// The one entry point of the scratchpad: a floating button and a lazy panel (its code loads on first open).
import { useScratchpad } from '../../lib/scratchpad/scratchpad-launcher';
// 'Explain Code' for students: the AI modal loads on first use.
import { useExplain } from '../../lib/explain/explain-launcher';
import { courseLanguages, lectureLanguage } from '../../lib/scratchpad/languages';
import { useLecture } from './api/get-lecture';
import { CompleteLecture } from './components/complete-lecture';
import { LectureTabs } from './components/lecture-tabs';
import { NoAccessRedirect, UnknownLectureRedirect } from './components/no-access-redirect';
import { PracticeProblems } from './components/practice-problems';

function LectureSkeleton() {
  return (
    <Stack gap="md" role="status" aria-label="Loading lecture">
      <Skeleton h={20} w={120} />
      <Skeleton h={36} w="70%" />
      <Skeleton h={16} w="90%" />
      <Skeleton h={40} mt="md" />
      <Skeleton h={160} />
    </Stack>
  );
}

function LectureHeader({ lecture, isStudent }: { lecture: LectureView; isStudent: boolean }) {
  return (
    <Group justify="space-between" align="flex-start" gap="md">
      <Stack gap={6} style={{ flex: '1 1 320px', minWidth: 0 }}>
        <Group gap="xs">
          <Badge variant="filled" color="blue.8" radius="sm" size="lg">
            Day {lecture.day}
          </Badge>
          <Text c="gray.8" fw={600} size="sm">
            {lecture.courseTitle}
          </Text>
        </Group>
        <Title order={1} size="h2">
          {lecture.title}
        </Title>
        <Text c="gray.8" lh={1.6}>
          {lecture.description}
        </Text>
      </Stack>
      {isStudent && <CompleteLecture lecture={lecture} />}
    </Group>
  );
}

/**
 * The lecture page (platform-core.md section 2, "Lecture page"): header, four tabs, Practice Problems and,
 * for students, completion. An unknown lecture goes to the course root, a lecture the student holds no
 * grant for to the student home.
 */
export default function LecturePage() {
  const { dayId = '' } = useParams();
  const prefix = usePrefix();
  const { user } = useAuth();
  const query = useLecture(dayId);
  const lecture = query.data;
  const { course, courses, select } = useSelectedCourse(prefix);
  const explain = useExplain(user?.role === 'student');
  const scratchpad = useScratchpad({
    explain: explain.action,
    userId: user?.id ?? 'anonymous',
    languages: courseLanguages(prefix),
    language: lecture ? lectureLanguage(lecture) : courseLanguages(prefix)[0]!,
  });

  // Opening a lecture shows its own course in the sidebar (C and C++ share the c-cpp prefix); once per
  // lecture, so the reader can still pick the other course in the selector while reading.
  const synced = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!lecture || !course || synced.current === lecture.id) return;
    synced.current = lecture.id;
    if (course.id !== lecture.courseId && courses.some((c) => c.id === lecture.courseId)) select(lecture.courseId);
  }, [lecture, course, courses, select]);

  if (query.error) {
    const error = toAppError(query.error);
    if (error.type === 'NOT_FOUND' || error.code === 404) return <UnknownLectureRedirect prefix={prefix} lectureId={dayId} />;
    if (error.type === 'AUTHORIZATION' || error.code === 403) return <NoAccessRedirect prefix={prefix} lectureId={dayId} />;
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="Could not load this lecture" role="alert" maw={640}>
        <Text size="sm" mb="sm">
          {error.message}
        </Text>
        <Button
          size="xs"
          variant="white"
          color="red.9"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => void query.refetch()}
          loading={query.isFetching}
        >
          Retry
        </Button>
      </Alert>
    );
  }
  if (!lecture) return <LectureSkeleton />;
  // A lecture of the other track is not part of this course area.
  if (lecture.prefix !== prefix) return <Navigate to={`/${prefix}/`} replace />;

  return (
    // Bottom room so the floating Scratchpad button never hides the last lines.
    <Stack gap="xl" maw={960} mx="auto" w="100%" pb={72}>
      <LectureHeader lecture={lecture} isStudent={user?.role === 'student'} />
      <LectureTabs lecture={lecture} onRunCode={scratchpad.run} explain={explain.action} />
      <PracticeProblems lecture={lecture} role={user?.role} />
      {scratchpad.element}
      {explain.element}
    </Stack>
  );
}
