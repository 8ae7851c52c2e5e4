import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CheckResult, CoursesResponse, StudentHomeworkResponse, SubmissionView } from '@learn/shared';
import AssignmentsPage from './assignments-page';
import { json, renderPage, student, serveApi } from '../../test/render-page';
import { taskDraftKey } from './lib/task-draft';

// jsdom does not lay text out; CodeMirror measures ranges, so give them empty boxes.
const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= emptyRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

const courses: CoursesResponse = { courses: [{ id: 'course_c_01', prefix: 'c-cpp', title: 'C Programming', lectureCount: 25 }] };

const graded: SubmissionView = {
  id: 7,
  studentId: student.id,
  lectureId: 'c-cpp-day-3',
  courseId: 'course_c_01',
  taskIndex: 1,
  code: 'int main(void){return 0;}',
  language: 'c',
  submittedAt: '2025-03-01T10:00:00Z',
  grade: 'B',
  feedback: 'Tidy the output.',
  gradedAt: '2025-03-02T10:00:00Z',
  autogradeStatus: 'done',
  proposedGrade: null,
  passed: 4,
  total: 5,
  tests: null,
};

const task = (taskIndex: number, type: 'exercise' | 'homework') => ({
  lectureId: 'c-cpp-day-3',
  taskIndex,
  type,
  content: `Task ${taskIndex + 1} text`,
  initialCode: '#include <stdio.h>\n',
  language: 'c' as const,
  autograde: true,
  sample: { input: '2 3\n', expected: '5\n' },
  hiddenCount: 4,
  progress: null,
  hints: [] as string[],
});

const list: StudentHomeworkResponse = {
  lectures: [
    {
      lectureId: 'c-cpp-day-3',
      day: 3,
      title: 'Variables and Data Types',
      tasks: [
        { ...task(0, 'exercise'), submission: null },
        { ...task(1, 'homework'), submission: graded },
      ],
    },
    {
      lectureId: 'c-cpp-day-4',
      day: 4,
      title: 'Operators',
      tasks: [{ ...task(0, 'homework'), lectureId: 'c-cpp-day-4', submission: null }],
    },
  ],
};

const check: CheckResult = {
  compileOk: true,
  compileOutput: '',
  sample: { index: 0, hidden: false, passed: false, input: '2 3\n', expected: '5\n', actual: '6\n', error: null },
  hiddenPassed: 2,
  hiddenTotal: 4,
  passed: 2,
  total: 5,
};

describe('AssignmentsPage', () => {
  it("reveals a task's hints one at a time on request, as buttons and a labelled list", async () => {
    const withHints: StudentHomeworkResponse = {
      lectures: [
        {
          ...list.lectures[1]!,
          tasks: [
            { ...task(0, 'homework'), lectureId: 'c-cpp-day-4', submission: null, hints: ['Read both numbers first.', 'Print with %d.'] },
          ],
        },
      ],
    };
    serveApi(student, (url) => {
      if (url.includes('/api/courses?prefix=c-cpp')) return json(200, courses);
      if (url.includes('/api/homework?courseId=course_c_01')) return json(200, withHints);
    });
    renderPage(<AssignmentsPage />, '/c-cpp/assignments');
    fireEvent.click(await screen.findByRole('button', { name: 'Show hint' }));
    const hints = screen.getByRole('list', { name: 'Hints' });
    expect(
      within(hints)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Read both numbers first.']);
    expect(screen.queryByText('Print with %d.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show another hint' }));
    expect(
      within(hints)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Read both numbers first.', 'Print with %d.']);
    expect(screen.queryByRole('button', { name: /hint/ })).toBeNull();
  });

  it('shows task text and hints as lesson text: bold, inline code, and drawings in a monospace block', async () => {
    const content = 'Print this badge with **printf** and `\\n`:\n\n+----+\n| Hi |\n+----+\n\nKeep 2 ** 3 as it is.';
    const withText: StudentHomeworkResponse = {
      lectures: [
        {
          ...list.lectures[1]!,
          tasks: [
            { ...task(0, 'homework'), lectureId: 'c-cpp-day-4', submission: null, content, hints: ['Use **one** `printf` per line.'] },
          ],
        },
      ],
    };
    serveApi(student, (url) => {
      if (url.includes('/api/courses?prefix=c-cpp')) return json(200, courses);
      if (url.includes('/api/homework?courseId=course_c_01')) return json(200, withText);
    });
    renderPage(<AssignmentsPage />, '/c-cpp/assignments');
    const bold = await screen.findByText('printf', { selector: 'strong' });
    expect(bold).toBeTruthy();
    expect(screen.getByText('\\n', { selector: 'code' })).toBeTruthy();
    expect(screen.getByText(/\| Hi \|/, { selector: 'pre' })).toBeTruthy();
    expect(screen.getByText(/Keep 2 \*\* 3 as it is\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show hint' }));
    const hint = within(screen.getByRole('list', { name: 'Hints' })).getByRole('listitem');
    expect(hint.querySelector('strong')?.textContent).toBe('one');
    expect(hint.querySelector('code')?.textContent).toBe('printf');
  });

  it('says so when no assignment is accessible', async () => {
    serveApi(student, (url) => {
      if (url.includes('/api/courses?prefix=c-cpp')) return json(200, courses);
      if (url.includes('/api/homework?courseId=course_c_01')) return json(200, { lectures: [] });
    });
    renderPage(<AssignmentsPage />, '/c-cpp/assignments');
    expect(await screen.findByText('You have no accessible assignments for this course yet.')).toBeTruthy();
  });

  it('lists lectures by day with each task button, the grade and feedback; Check shows the sample and the hidden count', async () => {
    serveApi(student, (url) => {
      if (url.includes('/api/courses?prefix=c-cpp')) return json(200, courses);
      if (url.includes('/api/homework?courseId=course_c_01')) return json(200, list);
      if (url.endsWith('/api/homework/check')) return json(200, check);
    });
    renderPage(<AssignmentsPage />, '/c-cpp/assignments');
    expect(await screen.findByText('Day 3: Variables and Data Types')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try It' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resubmit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start Homework' })).toBeTruthy();
    expect(screen.getByText('Grade: B')).toBeTruthy();
    expect(screen.getByText('Feedback: Tidy the output.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Try It' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Check' }));
    expect(await screen.findByText('2 of 4 hidden tests passed')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(within(screen.getByLabelText('Your output')).getByText('6').getAttribute('style')).toContain('yellow');
    expect(within(screen.getByLabelText('Input')).getByText('2 3').getAttribute('style')).not.toContain('yellow');
    // An exercise is checked, never submitted.
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('disables Submit for a blank answer; a refused submit shows the server message and keeps the draft', async () => {
    serveApi(student, (url) => {
      if (url.includes('/api/courses?prefix=c-cpp')) return json(200, courses);
      if (url.includes('/api/homework?courseId=course_c_01')) return json(200, list);
      if (url.endsWith('/api/homework/submissions'))
        return json(429, { type: 'VALIDATION', message: 'You have submitted a lot in the last minute. Wait 30 s and try again.' });
    });
    renderPage(<AssignmentsPage />, '/c-cpp/assignments');
    await screen.findByText('Day 4: Operators');
    localStorage.setItem(taskDraftKey(student.id, 'c-cpp-day-4', 0), '   \n');
    fireEvent.click(screen.getByRole('button', { name: 'Start Homework' }));
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Submit' })).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    localStorage.setItem(taskDraftKey(student.id, 'c-cpp-day-4', 0), 'int main(void){return 0;}\n');
    fireEvent.click(screen.getByRole('button', { name: 'Start Homework' }));
    const submit = await screen.findByRole<HTMLButtonElement>('button', { name: 'Submit' });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(await screen.findByText('Submission Failed')).toBeTruthy();
    expect(screen.getByText('You have submitted a lot in the last minute. Wait 30 s and try again.')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(taskDraftKey(student.id, 'c-cpp-day-4', 0))).toBe('int main(void){return 0;}\n'));
  });
});
