import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccessMatrix, BatchRow, CourseSummary } from '@learn/shared';
import CourseAccessPage from './course-access-page';
import { guide, json, renderPage, serveApi, type Handler } from '../../test/render-page';

const courses: CourseSummary[] = [
  { id: 'course_c_01', prefix: 'c-cpp', title: 'C Programming', lectureCount: 3 },
  { id: 'course_cpp_01', prefix: 'c-cpp', title: 'C++ Programming', lectureCount: 0 },
];
const batches: BatchRow[] = [
  { id: 'b1', name: 'Spring 2024', studentCount: 2 },
  { id: 'b2', name: 'Summer 2024', studentCount: 1 },
];
function matrix(): AccessMatrix {
  return {
    courseId: 'course_c_01',
    lectures: [
      { id: 'c-day-1', day: 1, title: 'Hello, C' },
      { id: 'c-day-2', day: 2, title: 'Variables' },
      { id: 'c-day-3', day: 3, title: 'Loops' },
    ],
    students: [
      { id: 's1', name: 'Alice', batchId: 'b1' },
      { id: 's2', name: 'Bob', batchId: 'b1' },
      { id: 's3', name: 'Chen', batchId: 'b2' },
    ],
    grants: { explanation: { s1: ['c-day-1'] }, code: { s2: ['c-day-2'] }, assignment: {} },
  };
}

function setup(extra?: Handler, m: AccessMatrix = matrix()) {
  return serveApi(guide, async (url, init) => {
    const answer = await extra?.(url, init);
    if (answer) return answer;
    if (url.includes('/api/courses?prefix=c-cpp')) return json(200, { courses });
    if (url.includes('/api/access?courseId=course_c_01')) return json(200, m);
    if (url.endsWith('/api/batches')) return json(200, { batches });
  });
}

/** The grid is loaded lazily: its first appearance may take a moment in the test runner. */
const findCell = (label: string) => screen.findByRole('checkbox', { name: label }, { timeout: 5000 });
const box = (label: string) => screen.getByRole('checkbox', { name: label }) as HTMLInputElement;
const puts = (fetchMock: ReturnType<typeof serveApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/api/access') && init?.method === 'PUT');

describe('Course Access page', () => {
  it('shows students x lectures per kind with labelled checkboxes and the course selector', async () => {
    setup();
    renderPage(<CourseAccessPage />, '/c-cpp/manage-course');
    expect(screen.getByRole('heading', { name: 'Course Access' })).toBeTruthy();
    expect(await findCell('Grant Explanations for Day 1 to Alice')).toBeTruthy();
    expect(box('Grant Explanations for Day 1 to Alice').checked).toBe(true);
    expect(box('Grant Explanations for Day 2 to Alice').checked).toBe(false);
    const day1 = screen.getByRole('columnheader', { name: /^Day 1/ });
    // Columns are labelled in plain sight: the day, the lecture's title, and All / None buttons.
    expect(within(day1).getByText('Hello, C')).toBeTruthy();
    expect(within(day1).getByRole('button', { name: 'Grant Explanations for Day 1 to all shown students' }).textContent).toBe('All');
    expect(within(day1).getByRole('button', { name: 'Revoke Explanations for Day 1 from all shown students' }).textContent).toBe('None');
    expect(screen.getByRole('columnheader', { name: /Day 3.*Loops/ })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Course' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Code & Examples' }));
    expect(box('Grant Code & Examples for Day 2 to Bob').checked).toBe(true);
    expect(box('Grant Code & Examples for Day 1 to Alice').checked).toBe(false);
    expect(screen.getAllByRole('checkbox')).toHaveLength(9);
  });

  it('collects changes locally, highlights them and sends ONE PUT on Save changes', async () => {
    let applied: unknown;
    const server = matrix();
    const fetchMock = setup((url, init) => {
      if (url.endsWith('/api/access') && init?.method === 'PUT') {
        applied = JSON.parse(init.body as string);
        server.grants.explanation.s1!.push('c-day-2');
        server.grants.assignment.s3 = ['c-day-3'];
        return json(200, { applied: 2 });
      }
      if (url.includes('/api/access?')) return json(200, server);
    });
    renderPage(<CourseAccessPage />, '/c-cpp/manage-course');
    fireEvent.click(await findCell('Grant Explanations for Day 2 to Alice'));
    expect(box('Grant Explanations for Day 2 to Alice').checked).toBe(true);
    expect(box('Grant Explanations for Day 2 to Alice').closest('td')!.className).toMatch(/changed/);
    fireEvent.click(screen.getByRole('radio', { name: 'Assignments' }));
    fireEvent.click(box('Grant Assignments for Day 3 to Chen'));
    expect(screen.getByText('2 unsaved changes')).toBeTruthy();
    // Undoing a change removes it from the set.
    fireEvent.click(box('Grant Assignments for Day 3 to Chen'));
    expect(screen.getByText('1 unsaved change')).toBeTruthy();
    fireEvent.click(box('Grant Assignments for Day 3 to Chen'));
    expect(puts(fetchMock)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Access Updated')).toBeTruthy();
    expect(screen.getByText('2 changes applied.')).toBeTruthy();
    expect(puts(fetchMock)).toHaveLength(1);
    expect(applied).toEqual({
      changes: [
        { studentId: 's1', lectureId: 'c-day-2', kind: 'explanation', granted: true },
        { studentId: 's3', lectureId: 'c-day-3', kind: 'assignment', granted: true },
      ],
    });
    expect(screen.getByText('No unsaved changes')).toBeTruthy();
    // The saved grants stay ticked, no longer marked as changes, and the matrix is reloaded.
    expect(box('Grant Assignments for Day 3 to Chen').checked).toBe(true);
    expect(box('Grant Assignments for Day 3 to Chen').closest('td')!.className).not.toMatch(/changed/);
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/access?')).length).toBe(2));
    expect(box('Grant Assignments for Day 3 to Chen').checked).toBe(true);
  });

  it('keeps the pending changes when the save fails, and Discard drops them', async () => {
    const fetchMock = setup((url, init) => {
      if (url.endsWith('/api/access') && init?.method === 'PUT') return json(400, { type: 'VALIDATION', message: 'Unknown lecture' });
    });
    renderPage(<CourseAccessPage />, '/c-cpp/manage-course');
    fireEvent.click(await findCell('Grant Explanations for Day 1 to Alice'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Update Failed')).toBeTruthy();
    expect(screen.getByText('Failed to save changes: Unknown lecture')).toBeTruthy();
    expect(screen.getByText('1 unsaved change')).toBeTruthy();
    expect(box('Grant Explanations for Day 1 to Alice').checked).toBe(false);
    expect(puts(fetchMock)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByText('No unsaved changes')).toBeTruthy();
    expect(box('Grant Explanations for Day 1 to Alice').checked).toBe(true);
  });

  it('bulk actions: per student, per lecture column, select all / none, and per batch over a day range', async () => {
    setup();
    renderPage(<CourseAccessPage />, '/c-cpp/manage-course');
    await findCell('Grant Explanations for Day 1 to Bob');
    fireEvent.click(screen.getByRole('button', { name: 'Grant all Explanations to Bob' }));
    expect([1, 2, 3].map((d) => box(`Grant Explanations for Day ${d} to Bob`).checked)).toEqual([true, true, true]);
    fireEvent.click(screen.getByRole('button', { name: 'Revoke Explanations for Day 1 from all shown students' }));
    expect(['Alice', 'Bob', 'Chen'].map((n) => box(`Grant Explanations for Day 1 to ${n}`).checked)).toEqual([false, false, false]);
    // Bob days 2 and 3, Alice day 1 revoked; Bob's day 1 is back to what the server holds.
    expect(screen.getByText('3 unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(screen.getAllByRole('checkbox').every((c) => (c as HTMLInputElement).checked)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Select none' }));
    expect(screen.getAllByRole('checkbox').some((c) => (c as HTMLInputElement).checked)).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));

    // Spring 2024 (Alice, Bob), days 2-3, code.
    fireEvent.click(screen.getByRole('radio', { name: 'Code & Examples' }));
    const group = screen.getByRole('group', { name: /Batch access: Code & Examples/ });
    fireEvent.click(within(group).getByRole('combobox', { name: 'Batch' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Spring 2024' }));
    fireEvent.change(within(group).getByRole('textbox', { name: 'From day' }), { target: { value: '2' } });
    expect(within(group).getByText('Days 2-3 for 2 students.')).toBeTruthy();
    fireEvent.click(within(group).getByRole('button', { name: 'Grant to batch' }));
    expect(box('Grant Code & Examples for Day 2 to Alice').checked).toBe(true);
    expect(box('Grant Code & Examples for Day 3 to Bob').checked).toBe(true);
    expect(box('Grant Code & Examples for Day 1 to Alice').checked).toBe(false);
    expect(box('Grant Code & Examples for Day 3 to Chen').checked).toBe(false);
    expect(screen.getByText('3 unsaved changes')).toBeTruthy(); // Bob already had day 2
  });

  it('filters students by batch and by name', async () => {
    setup();
    renderPage(<CourseAccessPage />, '/c-cpp/manage-course');
    await findCell('Grant Explanations for Day 1 to Alice');
    fireEvent.click(screen.getByRole('combobox', { name: 'Show batch' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Summer 2024' }));
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Grant Explanations for Day 1 to Alice' })).toBeNull());
    expect(screen.getByText('1 of 3 students shown')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Show batch' }));
    fireEvent.click(await screen.findByRole('option', { name: 'All batches' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Find a student' }), { target: { value: 'bo' } });
    await waitFor(() => expect(screen.getByText('1 of 3 students shown')).toBeTruthy());
    expect(box('Grant Explanations for Day 1 to Bob')).toBeTruthy();
  });

  it('handles 50 lectures x 200 students from one request', async () => {
    const big: AccessMatrix = {
      courseId: 'course_c_01',
      lectures: Array.from({ length: 50 }, (_, i) => ({ id: `c-day-${i + 1}`, day: i + 1, title: `Lecture ${i + 1}` })),
      students: Array.from({ length: 200 }, (_, i) => ({ id: `s${i}`, name: `Student ${i}`, batchId: i % 2 ? 'b1' : 'b2' })),
      grants: { explanation: {}, code: {}, assignment: {} },
    };
    const fetchMock = setup(undefined, big);
    renderPage(<CourseAccessPage />, '/c-cpp/manage-course');
    // Role queries over 10,000 inputs are slow in jsdom: look the cells up directly.
    await waitFor(() => expect(document.querySelectorAll('input[type=checkbox]')).toHaveLength(10_000), { timeout: 10_000 });
    expect(document.querySelector('input[aria-label="Grant Explanations for Day 50 to Student 199"]')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(screen.getByText('10000 unsaved changes')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/access'))).toHaveLength(1);
  }, 30_000);
});
