import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import {
  HOMEWORK_SUBMIT_DELAY_MS,
  SUBMIT_DIALOG_CLOSE_MS,
  type CoursesResponse,
  type StudentHomeworkResponse,
  type SubmissionView,
} from '@learn/shared';
import AssignmentsPage from './assignments-page';
import { json, renderPage, student, serveApi } from '../../test/render-page';
import { taskDraftKey } from './lib/task-draft';

// jsdom does not lay text out; CodeMirror measures ranges, so give them empty boxes.
const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= emptyRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

const courses: CoursesResponse = { courses: [{ id: 'course_c_01', prefix: 'c-cpp', title: 'C Programming', lectureCount: 25 }] };
const base = {
  initialCode: '',
  language: 'c' as const,
  autograde: true,
  sample: { input: '1\n', expected: '1\n' },
  hiddenCount: 2,
  submission: null,
  hints: [] as string[],
};
const list: StudentHomeworkResponse = {
  lectures: [
    {
      lectureId: 'c-cpp-day-3',
      day: 3,
      title: 'Variables',
      tasks: [
        {
          ...base,
          lectureId: 'c-cpp-day-3',
          taskIndex: 0,
          type: 'exercise',
          content: 'Print it',
          progress: {
            results: [true, false, true],
            passed: 2,
            total: 3,
            checkedAt: '2025-03-01T10:00:00Z',
            solvedAt: '2025-02-28T10:00:00Z',
          },
        },
      ],
    },
    {
      lectureId: 'c-cpp-day-4',
      day: 4,
      title: 'Operators',
      tasks: [
        { ...base, lectureId: 'c-cpp-day-4', taskIndex: 0, type: 'exercise', content: 'Add', progress: null },
        { ...base, lectureId: 'c-cpp-day-4', taskIndex: 1, type: 'homework', content: 'Multiply', progress: null },
      ],
    },
  ],
};
const submitted: SubmissionView = {
  id: 9,
  studentId: student.id,
  lectureId: 'c-cpp-day-4',
  courseId: 'course_c_01',
  taskIndex: 1,
  code: 'int main(void){return 0;}\n',
  language: 'c',
  submittedAt: '2025-03-01T10:00:00Z',
  grade: null,
  feedback: null,
  gradedAt: null,
  autogradeStatus: 'queued',
  proposedGrade: null,
  passed: null,
  total: null,
  tests: null,
};

describe('AssignmentsPage: progress, a task opened from the lecture page, the submit dialog', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows an exercise's kept progress: solved, and how the latest check went", async () => {
    serveApi(student, (url) => {
      if (url.includes('/api/courses?prefix=c-cpp')) return json(200, courses);
      if (url.includes('/api/homework?courseId=course_c_01')) return json(200, list);
    });
    renderPage(<AssignmentsPage />, '/c-cpp/assignments');
    const progress = await screen.findByLabelText('Your progress on this task');
    expect(progress.textContent).toContain('Solved');
    expect(progress.textContent).toMatch(/Last check .*: 2 of 3 tests passed/);
    expect(screen.getAllByLabelText('Your progress on this task')).toHaveLength(1);
  });

  it('shows the progress a check just recorded without a reload', async () => {
    let checked = false;
    const withProgress = structuredClone(list);
    withProgress.lectures[1]!.tasks[0]!.progress = {
      results: [false, true, true],
      passed: 2,
      total: 3,
      checkedAt: '2025-03-02T10:00:00Z',
      solvedAt: null,
    };
    serveApi(student, (url) => {
      if (url.includes('/api/courses?prefix=c-cpp')) return json(200, courses);
      if (url.includes('/api/homework?courseId=course_c_01')) return json(200, checked ? withProgress : list);
      if (url.endsWith('/api/homework/check')) {
        checked = true;
        const sample = { index: 0, hidden: false, passed: false, input: '1\n', expected: '1\n', actual: '2\n', error: null };
        return json(200, { compileOk: true, compileOutput: '', sample, hiddenPassed: 2, hiddenTotal: 2, passed: 2, total: 3 });
      }
    });
    renderPage(<AssignmentsPage />, '/c-cpp/assignments');
    await screen.findByText('Day 4: Operators');
    localStorage.setItem(taskDraftKey(student.id, 'c-cpp-day-4', 0), 'int main(void){return 0;}\n');
    fireEvent.click(screen.getAllByRole('button', { name: 'Try It' })[1]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Not solved yet')).toBeTruthy();
    expect(screen.getAllByLabelText('Your progress on this task')).toHaveLength(2);
  });

  it('opens the task named in ?lecture=&task= at once (the Practice Problems link)', async () => {
    serveApi(student, (url) => {
      if (url.includes('/api/courses?prefix=c-cpp')) return json(200, courses);
      if (url.includes('/api/homework?courseId=course_c_01')) return json(200, list);
    });
    renderPage(<AssignmentsPage />, '/c-cpp/assignments?lecture=c-cpp-day-4&task=1');
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(screen.getAllByRole('textbox', { name: /^Code for task/ })).toHaveLength(1);
    // The other tasks stay closed.
    expect(screen.getAllByRole('button', { name: 'Try It' })).toHaveLength(2);
  });

  it('a successful submit shows its dialog, which closes itself 1.5 s later', async () => {
    serveApi(student, (url) => {
      if (url.includes('/api/courses?prefix=c-cpp')) return json(200, courses);
      if (url.includes('/api/homework?courseId=course_c_01')) return json(200, list);
      if (url.endsWith('/api/homework/submissions')) return json(201, submitted);
    });
    renderPage(<AssignmentsPage />, '/c-cpp/assignments');
    await screen.findByText('Day 4: Operators');
    localStorage.setItem(taskDraftKey(student.id, 'c-cpp-day-4', 1), 'int main(void){return 0;}\n');
    fireEvent.click(screen.getByRole('button', { name: 'Start Homework' }));
    const submit = await screen.findByRole('button', { name: 'Submit' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(submit);
    // The submit takes its 0.5 s, then the dialog opens.
    await act(() => vi.advanceTimersByTimeAsync(HOMEWORK_SUBMIT_DELAY_MS - 1));
    expect(screen.queryByRole('dialog', { name: 'Homework submitted' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('dialog', { name: 'Homework submitted' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(SUBMIT_DIALOG_CLOSE_MS - 1);
    });
    expect(screen.queryByRole('dialog', { name: 'Homework submitted' })).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('dialog', { name: 'Homework submitted' })).toBeNull();
  });
});
