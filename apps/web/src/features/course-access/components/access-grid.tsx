import { memo } from 'react';
import { Button, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import type { AccessMatrix } from '@learn/shared';
import classes from './access-grid.module.css';

type Lecture = AccessMatrix['lectures'][number];
export interface GridStudent {
  id: string;
  name: string;
  batchName: string | null;
}

export interface AccessGridProps {
  kindLabel: string;
  lectures: Lecture[];
  students: GridStudent[];
  /** Lecture ids the server holds, per student, for the shown kind. */
  base: Map<string, Set<string>>;
  /** Pending cells of the shown kind, per student. */
  pending: Record<string, Record<string, boolean>>;
  onCell: (studentId: string, lectureId: string, granted: boolean) => void;
  onStudent: (studentId: string, granted: boolean) => void;
  onLecture: (lectureId: string, granted: boolean) => void;
}

/**
 * Students x lectures for one kind. Rows are memoised and receive only their own grants and pending cells,
 * so a click re-renders one row, not 10,000 checkboxes. Plain inputs keep each cell light.
 */
export default function AccessGrid({ kindLabel, lectures, students, base, pending, onCell, onStudent, onLecture }: AccessGridProps) {
  return (
    <div className={classes.scroller} role="region" aria-label={`${kindLabel} access grid`}>
      <table className={classes.grid}>
        <caption>
          <VisuallyHidden>
            {kindLabel} access: students in rows, lectures in columns. Tick a box to grant, clear it to revoke.
          </VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col" className={classes.corner}>
              Student
            </th>
            {lectures.map((l) => (
              <LectureHead key={l.id} lecture={l} kindLabel={kindLabel} onLecture={onLecture} />
            ))}
          </tr>
        </thead>
        <tbody>
          {students.map((s) => (
            <StudentRow
              key={s.id}
              student={s}
              lectures={lectures}
              kindLabel={kindLabel}
              held={base.get(s.id)}
              pending={pending[s.id]}
              onCell={onCell}
              onStudent={onStudent}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const LectureHead = memo(function LectureHead({
  lecture,
  kindLabel,
  onLecture,
}: {
  lecture: Lecture;
  kindLabel: string;
  onLecture: (lectureId: string, granted: boolean) => void;
}) {
  return (
    <th scope="col" className={classes.head}>
      <span className={classes.dayLabel}>Day {lecture.day}</span>
      {/* The lecture's title, visible (two lines at most; the whole title in the tooltip). */}
      <Tooltip label={lecture.title} withArrow openDelay={150} events={{ hover: true, focus: true, touch: true }}>
        <span className={classes.dayTitle}>{lecture.title}</span>
      </Tooltip>
      <Group gap={2} justify="center" wrap="nowrap" mt={2}>
        <Button
          size="compact-xs"
          variant="subtle"
          color="teal.9"
          aria-label={`Grant ${kindLabel} for Day ${lecture.day} to all shown students`}
          onClick={() => onLecture(lecture.id, true)}
        >
          All
        </Button>
        <Button
          size="compact-xs"
          variant="subtle"
          color="red.9"
          aria-label={`Revoke ${kindLabel} for Day ${lecture.day} from all shown students`}
          onClick={() => onLecture(lecture.id, false)}
        >
          None
        </Button>
      </Group>
    </th>
  );
});

const StudentRow = memo(function StudentRow({
  student,
  lectures,
  kindLabel,
  held,
  pending,
  onCell,
  onStudent,
}: {
  student: GridStudent;
  lectures: Lecture[];
  kindLabel: string;
  held: Set<string> | undefined;
  pending: Record<string, boolean> | undefined;
  onCell: (studentId: string, lectureId: string, granted: boolean) => void;
  onStudent: (studentId: string, granted: boolean) => void;
}) {
  return (
    <tr>
      <th scope="row" className={classes.name}>
        <span className={classes.nameRow}>
          <span className={classes.nameBlock}>
            <span className={classes.nameText} title={student.name}>
              {student.name}
            </span>
            <span className={classes.batch}>{student.batchName ?? 'Unassigned'}</span>
          </span>
          <span className={classes.rowTools}>
            <Button
              size="compact-xs"
              variant="subtle"
              color="teal.9"
              aria-label={`Grant all ${kindLabel} to ${student.name}`}
              onClick={() => onStudent(student.id, true)}
            >
              All
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red.9"
              aria-label={`Revoke all ${kindLabel} from ${student.name}`}
              onClick={() => onStudent(student.id, false)}
            >
              None
            </Button>
          </span>
        </span>
      </th>
      {lectures.map((l) => {
        const change = pending?.[l.id];
        const checked = change ?? held?.has(l.id) ?? false;
        return (
          <td key={l.id} className={change === undefined ? classes.cell : `${classes.cell} ${classes.changed}`}>
            <label>
              <input
                type="checkbox"
                checked={checked}
                aria-label={`Grant ${kindLabel} for Day ${l.day} to ${student.name}`}
                onChange={(e) => onCell(student.id, l.id, e.currentTarget.checked)}
              />
            </label>
          </td>
        );
      })}
    </tr>
  );
});
