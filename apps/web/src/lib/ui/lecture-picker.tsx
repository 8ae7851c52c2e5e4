import { Select } from '@mantine/core';
import type { LectureListItem } from '@learn/shared';

/**
 * A searchable 'Day N: Title' list of the course's lectures. `current` is the open lecture, listed even
 * when it belongs to another course (kept open for its unsaved edits after a course switch).
 */
export function LecturePicker({
  lectures,
  value,
  current,
  onChange,
  disabled,
}: {
  lectures: LectureListItem[];
  value: string | undefined;
  current?: { id: string; day: number; title: string } | undefined;
  onChange: (id: string) => void;
  disabled?: boolean;
}) {
  const data = lectures.map((l) => ({ value: l.id, label: `Day ${l.day}: ${l.title}` }));
  if (current && !lectures.some((l) => l.id === current.id))
    data.unshift({ value: current.id, label: `Day ${current.day}: ${current.title} (other course)` });
  return (
    <Select
      label="Lecture"
      placeholder="Search by day or title"
      searchable
      nothingFoundMessage="No lecture matches"
      data={data}
      value={value ?? null}
      onChange={(v) => v && v !== value && onChange(v)}
      allowDeselect={false}
      disabled={disabled}
      maxDropdownHeight={320}
      w={{ base: '100%', sm: 420 }}
    />
  );
}
