import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import type { CompleteLectureResult, LectureView } from '@learn/shared';
import { queryKeys } from '../../lib/course-selection';
import { Sidebar } from '../../app/layout/sidebar';
import LecturePage from './lecture-page';
import { callsTo, courses, guide, guideLecture, json, renderAt, student, studentLecture, serveApi, type Handler } from './test/render';

const PATTERN = '/:prefix/lecture/:dayId';
const PATH = '/c-cpp/lecture/c-cpp-day-3';

function serve(user: typeof student, lecture: LectureView | (() => Response), extra: Handler = () => undefined) {
  return serveApi(user, (url, init) => {
    if (url.includes('/api/courses?prefix=')) return json(200, courses);
    if (url.endsWith('/api/lectures/c-cpp-day-3')) return typeof lecture === 'function' ? lecture() : json(200, lecture);
    return extra(url, init);
  });
}

const LOCKED = "Your guide hasn't granted you access yet.";

/** Where the page's notices show. */
function renderNotices() {
  render(
    <MantineProvider env="test">
      <Notifications />
    </MantineProvider>,
  );
}

/** The lecture answers 403 (no grant of any kind); toasts are rendered to be read. */
function serveNoGrant() {
  serve(student, () => json(403, { type: 'AUTHORIZATION', message: 'Access denied' }));
  renderNotices();
}

describe('LecturePage', () => {
  afterEach(() => {
    notifications.clean();
  });

  it('shows the header, the four tabs and locks what a student has no grant for', async () => {
    serve(student, studentLecture);
    renderAt(<LecturePage />, PATTERN, PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Variables and Data Types' })).toBeTruthy();
    expect(screen.getByText('Day 3')).toBeTruthy();
    expect(screen.getByText('C Programming')).toBeTruthy();
    expect(screen.getByText('Variables are named boxes that hold values.')).toBeTruthy();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Key Concepts', 'Detailed Explanation', 'Code & Examples', 'Quick Quiz']);
    // Key Concepts is open first, with bold markup.
    expect(screen.getByText('variable').tagName).toBe('STRONG');
    // Practice Problems: no assignment grant.
    const practice = screen.getByRole('region', { name: 'Practice Problems' });
    expect(within(practice).getByText(LOCKED)).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Detailed Explanation' }));
    expect(within(screen.getByRole('tabpanel')).getByText(LOCKED)).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Code & Examples' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).queryByText(LOCKED)).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Copy C code' })).toBeTruthy();
    // Students run the examples in the scratchpad too (issue 12), and ask for an AI explanation (issue 16):
    // this server answers no explanation status, so the button says explanations are not set up.
    expect(within(panel).getByRole('button', { name: 'Run in Scratchpad: C code' })).toBeTruthy();
    const explain = await within(panel).findByRole('button', { name: 'Explain Code: AI explanations are not set up on this server.' });
    expect(explain.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Scratchpad' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark as Completed' })).toBeTruthy();
  });

  it("selects the lecture's course once, leaving the reader free to pick another", async () => {
    serve(student, studentLecture, (url) =>
      url.includes('/lectures') && url.includes('/api/courses/') ? json(200, { course: courses.courses[0], lectures: [] }) : undefined,
    );
    renderAt(
      <>
        <Sidebar prefix="c-cpp" onNavigate={() => {}} />
        <LecturePage />
      </>,
      PATTERN,
      PATH,
    );
    localStorage.setItem('selectedCourseId_c-cpp', 'course_cpp_01');
    await screen.findByRole('heading', { level: 1, name: 'Variables and Data Types' });
    const select = (await screen.findByRole('combobox', { name: 'Course' })) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('course_c_01'));
    // Picking C++ in the selector sticks while the C lecture stays open.
    fireEvent.change(select, { target: { value: 'course_cpp_01' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(select.value).toBe('course_cpp_01');
    expect(localStorage.getItem('selectedCourseId_c-cpp')).toBe('course_cpp_01');
  });

  it("links each practice problem to the student's Assignments page with that task open", async () => {
    serve(student, { ...studentLecture, tasks: guideLecture.tasks });
    renderAt(<LecturePage />, PATTERN, PATH);
    const practice = await screen.findByRole('region', { name: 'Practice Problems' });
    const link = within(practice).getByRole('link', { name: 'Open task 2 in Assignments' });
    expect(link.getAttribute('href')).toBe('/c-cpp/assignments?lecture=c-cpp-day-3&task=1');
  });

  it('moves between tabs with the arrow keys', async () => {
    serve(student, studentLecture);
    renderAt(<LecturePage />, PATTERN, PATH);
    const first = await screen.findByRole('tab', { name: 'Key Concepts' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    const second = screen.getByRole('tab', { name: 'Detailed Explanation' });
    expect(document.activeElement).toBe(second);
    expect(second.getAttribute('aria-selected')).toBe('true');
  });

  it('shows guides everything, with task badges and starter code, and no completion button', async () => {
    serve(guide, guideLecture);
    renderAt(<LecturePage />, PATTERN, PATH);
    const practice = await screen.findByRole('region', { name: 'Practice Problems' });
    const tasks = within(practice).getAllByTestId('practice-task');
    expect(tasks).toHaveLength(2);
    expect(within(tasks[0]!).getByText('Exercise')).toBeTruthy();
    expect(within(tasks[0]!).getByText('age').tagName).toBe('STRONG');
    expect(within(tasks[0]!).getByRole('button', { name: 'Copy Starter code (C)' })).toBeTruthy();
    expect(within(tasks[1]!).getByText('Homework')).toBeTruthy();
    expect(within(tasks[1]!).queryByTestId('code-block')).toBeNull();
    expect(within(tasks[1]!).getByRole('link', { name: 'Open task 2 in Manage Assignments' }).getAttribute('href')).toBe(
      '/c-cpp/manage-homework?lecture=c-cpp-day-3',
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Detailed Explanation' }));
    expect(within(screen.getByRole('tabpanel')).getByText('So far your programs printed fixed text.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as Completed' })).toBeNull();
    expect(screen.queryByText('Lecture Completed!')).toBeNull();
    // Guides run code; Explain Code is the students' (spec 2).
    expect(screen.queryByRole('button', { name: /Explain Code/ })).toBeNull();
  });

  it('checks each quiz answer with the server and never reveals the right option after a wrong one', async () => {
    const fetchMock = serve(student, studentLecture, (url, init) => {
      const m = /quiz\/(\d)\/check$/.exec(url);
      if (!m) return undefined;
      const { answer } = JSON.parse(String(init!.body)) as { answer: number };
      const key = m[1] === '0' ? 2 : 3;
      return json(200, { correct: answer === key });
    });
    renderAt(<LecturePage />, PATTERN, PATH);
    fireEvent.click(await screen.findByRole('tab', { name: 'Quick Quiz' }));
    const [q1, q2] = screen.getAllByRole('radiogroup');
    const check1 = within(q1!.closest('section')!).getByRole('button', { name: 'Check Answer' }) as HTMLButtonElement;
    expect(check1.disabled).toBe(true);
    fireEvent.click(within(q1!).getByRole('radio', { name: '6' }));
    fireEvent.click(check1);
    expect(await within(q1!.closest('section')!).findByText('Not quite')).toBeTruthy();
    expect(q1!.querySelector('[data-correct-option]')).toBeNull();
    expect(within(q1!).queryByText('Right answer')).toBeNull();
    expect(within(q1!).getByRole('radio', { name: '6' }).closest('[data-wrong-choice]')).toBeTruthy();
    expect(callsTo(fetchMock, 'quiz/0/check')).toEqual([
      { url: '/api/lectures/c-cpp-day-3/quiz/0/check', method: 'POST', body: { answer: 1 } },
    ]);

    // The second question is independent.
    const section2 = q2!.closest('section')!;
    expect(within(section2).queryByText(/Correct|Not quite/)).toBeNull();
    fireEvent.click(within(q2!).getByRole('radio', { name: 'double' }));
    fireEvent.click(within(section2).getByRole('button', { name: 'Check Answer' }));
    expect(await within(section2).findByText('Correct')).toBeTruthy();
    expect(within(q2!).getByRole('radio', { name: 'double' }).closest('[data-correct-option]')).toBeTruthy();

    // Choosing again clears the old verdict.
    fireEvent.click(within(q1!).getByRole('radio', { name: '9' }));
    expect(within(q1!.closest('section')!).queryByText('Not quite')).toBeNull();
  });

  it('completes after confirmation, shows the marker, announces new badges once and refreshes the sidebar and dashboard', async () => {
    const result: CompleteLectureResult = {
      completed: true,
      newBadges: [
        {
          id: 'badge_01',
          name: 'First Steps',
          description: 'Completed your first lecture.',
          icon: 'FootprintsIcon',
          awardedAt: '2026-01-01T00:00:00Z',
        },
      ],
    };
    const fetchMock = serve(student, studentLecture, (url, init) =>
      url.endsWith('/complete') && init?.method === 'POST' ? json(200, result) : undefined,
    );
    const { client } = renderAt(<LecturePage />, PATTERN, PATH);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as Completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this lecture as completed?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mark this lecture as completed?' })).toBeNull());
    expect(callsTo(fetchMock, '/complete')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Mark as Completed' }));
    const again = await screen.findByRole('dialog', { name: 'Mark this lecture as completed?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Mark as Completed' }));
    const badge = await screen.findByRole('dialog', { name: 'Achievement Unlocked!' });
    expect(within(badge).getByText('First Steps')).toBeTruthy();
    expect(within(badge).getByText('Completed your first lecture.')).toBeTruthy();
    expect(badge.querySelector('[data-badge-icon="footprints"]')).toBeTruthy();
    expect(screen.getByText('Lecture Completed!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as Completed' })).toBeNull();
    expect(callsTo(fetchMock, '/complete')).toEqual([{ url: '/api/lectures/c-cpp-day-3/complete', method: 'POST', body: undefined }]);
    const keys = invalidate.mock.calls.map(([f]) => JSON.stringify(f?.queryKey));
    expect(keys).toContain(JSON.stringify(queryKeys.lectures('course_c_01')));
    expect(keys).toContain(JSON.stringify(queryKeys.studentDashboard('course_c_01')));

    fireEvent.click(within(badge).getByRole('button', { name: 'Awesome!' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Achievement Unlocked!' })).toBeNull());
  });

  it('keeps the dialog open with the reason when completing fails', async () => {
    serve(student, studentLecture, (url) =>
      url.endsWith('/complete') ? json(409, { type: 'CONFLICT', message: 'Already completed.' }) : undefined,
    );
    renderAt(<LecturePage />, PATTERN, PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as Completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this lecture as completed?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as Completed' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Already completed.');
  });

  it('shows the marker for a lecture already completed', async () => {
    serve(student, { ...studentLecture, completed: true });
    renderAt(<LecturePage />, PATTERN, PATH);
    expect(await screen.findByText('Lecture Completed!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as Completed' })).toBeNull();
  });

  it('sends an unknown lecture to the course root and an ungranted one to the student home, replacing history', async () => {
    serve(student, () => json(404, { type: 'NOT_FOUND', message: 'Resource not found' }));
    renderNotices();
    const { router } = renderAt(<LecturePage />, PATTERN, PATH);
    await waitFor(() => expect(router.state.location.pathname).toBe('/c-cpp/'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('Lecture not found')).toBeTruthy();
    expect(screen.getByText('The requested resource was not found')).toBeTruthy();
  });

  it('sends a student without any grant to the student home and says why', async () => {
    serveNoGrant();
    const { router } = renderAt(<LecturePage />, PATTERN, PATH);
    await waitFor(() => expect(router.state.location.pathname).toBe('/c-cpp/student'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText("You don't have access to this lecture yet")).toBeTruthy();
    expect(screen.getByText(LOCKED)).toBeTruthy();
  });

  it('names the day in that notice when the sidebar list knows the lecture', async () => {
    serveNoGrant();
    const list = {
      course: courses.courses[0],
      lectures: [{ id: 'c-cpp-day-3', day: 3, title: 'Day 3', accessible: false, completed: false }],
    };
    const { router, client } = renderAt(<LecturePage />, PATTERN, '/c-cpp/elsewhere');
    client.setQueryData(queryKeys.lectures('course_c_01'), list);
    await act(() => router.navigate(PATH));
    await waitFor(() => expect(router.state.location.pathname).toBe('/c-cpp/student'));
    expect(await screen.findByText("You don't have access to Day 3 yet")).toBeTruthy();
    expect(screen.getByText(LOCKED)).toBeTruthy();
  });

  it('shows other errors inline with Retry', async () => {
    let fail = true;
    serve(student, () => (fail ? json(400, { type: 'VALIDATION', message: 'Something odd happened' }) : json(200, studentLecture)));
    renderAt(<LecturePage />, PATTERN, PATH);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load this lecture');
    expect(alert.textContent).toContain('Something odd happened');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Variables and Data Types' })).toBeTruthy();
  });
});
