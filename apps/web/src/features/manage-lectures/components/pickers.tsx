import { Select } from '@mantine/core';
import type { CourseSummary, LectureListItem } from '@learn/shared';

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
      onChange={(v) => v && v !== value && onChange(v)}
      allowDeselect={false}
      w={{ base: '100%', sm: 240 }}
    />
  );
}

/** A searchable 'Day N: Title' list of the course's lectures. */
export function LecturePicker({
  lectures,
  value,
  onChange,
  disabled,
}: {
  lectures: LectureListItem[];
  value: string | undefined;
  onChange: (id: string) => void;
  disabled?: boolean;
}) {
  return (
    <Select
      label="Lecture"
      placeholder="Search by day or title"
      searchable
      nothingFoundMessage="No lecture matches"
      data={lectures.map((l) => ({ value: l.id, label: `Day ${l.day}: ${l.title}` }))}
      value={value ?? null}
      onChange={(v) => v && v !== value && onChange(v)}
      allowDeselect={false}
      disabled={disabled}
      maxDropdownHeight={320}
      w={{ base: '100%', sm: 420 }}
    />
  );
}
