import { useEffect, useId, useRef, useState } from 'react';
import { Link, useMatch } from 'react-router-dom';
import { Box, Button, Collapse, Group, Loader, NativeSelect, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconCircleCheckFilled, IconLock } from '@tabler/icons-react';
import type { CoursePrefix, LectureListItem } from '@learn/shared';
import { useAuth } from '../../../lib/auth';
import { useSelectedCourse } from '../../../lib/course-selection';
import { useCourseLectures } from '../../../lib/course-lectures';

function LoadingCourse() {
  return (
    <Group gap="xs" px="sm" py="xs" role="status">
      <Loader size="xs" />
      <Text size="sm" c="gray.8">
        Loading course...
      </Text>
    </Group>
  );
}

function LectureLink({
  lecture,
  prefix,
  current,
  isStudent,
  onNavigate,
}: {
  lecture: LectureListItem;
  prefix: CoursePrefix;
  current: boolean;
  isStudent: boolean;
  onNavigate: () => void;
}) {
  const ref = useRef<HTMLAnchorElement>(null);
  // Bring the open lecture into view in a long list.
  useEffect(() => {
    if (current) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [current]);
  const label = `Day ${lecture.day}: ${lecture.title}`;
  const done =
    isStudent && lecture.completed ? (
      <IconCircleCheckFilled size={18} color="var(--mantine-color-green-8)" role="img" aria-label="completed" />
    ) : undefined;
  // Students cannot open lectures they hold no grant for: not a link, greyed, aria-disabled.
  if (isStudent && !lecture.accessible)
    return (
      <NavLink
        component="div"
        label={label}
        disabled
        aria-disabled="true"
        data-testid="lecture-locked"
        leftSection={<IconLock size={14} aria-hidden />}
        rightSection={done}
        styles={{
          root: { color: 'var(--mantine-color-gray-6)', cursor: 'not-allowed', opacity: 1 },
          label: { fontSize: 'var(--mantine-font-size-sm)' },
        }}
      />
    );
  return (
    <NavLink
      ref={ref}
      component={Link}
      to={`/${prefix}/lecture/${lecture.id}`}
      onClick={onNavigate}
      label={label}
      active={current}
      aria-current={current ? 'page' : undefined}
      variant="light"
      rightSection={done}
      styles={{ label: { fontSize: 'var(--mantine-font-size-sm)' } }}
    />
  );
}

/**
 * The sidebar's course section (content-and-features.md section 2, "Sidebar"): a course selector when the
 * prefix has several courses, then a collapsible list of the course's lectures, open by default.
 */
export function CourseSection({ prefix, onNavigate }: { prefix: CoursePrefix; onNavigate: () => void }) {
  const { user } = useAuth();
  const isStudent = user?.role === 'student';
  const { course, courses, isLoading, error: coursesError, select } = useSelectedCourse(prefix);
  const lectures = useCourseLectures(course?.id);
  const [open, setOpen] = useState(true);
  const listId = useId();
  const match = useMatch('/:prefix/lecture/:dayId');
  const currentId = match?.params.dayId;

  if (isLoading) return <LoadingCourse />;
  if (coursesError || !course)
    return (
      <Text size="sm" c="gray.8" px="sm" py="xs">
        {coursesError ? 'Could not load the course.' : 'No course is available yet.'}
      </Text>
    );

  const items = lectures.data?.lectures ?? [];
  const noneOpen = isStudent && lectures.data && !items.some((l) => l.accessible);

  return (
    <Stack gap="xs">
      {courses.length > 1 && (
        <NativeSelect
          label="Course"
          size="sm"
          px="sm"
          value={course.id}
          onChange={(e) => select(e.currentTarget.value)}
          data={courses.map((c) => ({ value: c.id, label: c.title }))}
        />
      )}
      <UnstyledButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={listId}
        px="sm"
        py={6}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
        className="course-section-toggle"
      >
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} size="sm" c="gray.9">
            {course.title}
          </Text>
          <IconChevronDown
            size={16}
            aria-hidden
            style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        </Group>
      </UnstyledButton>
      <Collapse expanded={open} id={listId}>
        {lectures.isLoading ? (
          <LoadingCourse />
        ) : lectures.error ? (
          <Box px="sm" py="xs">
            <Text size="sm" c="red.8" mb={6}>
              Could not load the lectures.
            </Text>
            <Button size="compact-xs" variant="light" onClick={() => void lectures.refetch()}>
              Retry
            </Button>
          </Box>
        ) : (
          <nav aria-label={`${course.title} lectures`}>
            {noneOpen && (
              <Text size="xs" c="gray.7" px="sm" mb="xs">
                Lectures you can open appear here once your mate grants access.
              </Text>
            )}
            {items.map((l) => (
              <LectureLink
                key={l.id}
                lecture={l}
                prefix={prefix}
                current={l.id === currentId}
                isStudent={isStudent}
                onNavigate={onNavigate}
              />
            ))}
          </nav>
        )}
      </Collapse>
    </Stack>
  );
}
