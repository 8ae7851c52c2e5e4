import { Select } from '@mantine/core';
import type { CourseSummary } from '@learn/shared';

/** Switches the course of this prefix (C or C++); hidden when the prefix has one course. */
export function CoursePicker({
  courses,
  value,
  onChange,
}: {
  courses: CourseSummary[];
  value: string | undefined;
  onChange: (id: string) => void;
}) {
  if (courses.length < 2) return null;
  return (
    <Select
      label="Course"
      data={courses.map((c) => ({ value: c.id, label: c.title }))}
      value={value ?? null}
      onChange={(v) => v && onChange(v)}
      allowDeselect={false}
      w={{ base: '100%', xs: 260 }}
    />
  );
}
