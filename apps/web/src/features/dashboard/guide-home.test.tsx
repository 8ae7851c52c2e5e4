import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CoursesResponse, GuideDashboard, GuideStudentRow } from '@learn/shared';
import GuideHome from './guide-home';
import { sortStudents } from './components/students-table';
import { guide, json, renderPage, serveApi } from '../../test/render-page';

const courses: CoursesResponse = { courses: [{ id: 'course_python_01', prefix: 'python', title: 'Python Programming', lectureCount: 50 }] };

const row = (
  id: string,
  name: string,
  percent: number,
  lastLogin: string | null,
  batchName: string | null = 'Spring 2025',
): GuideStudentRow => ({
  id,
  name,
  email: `${id}@example.com`,
  batchName,
  completedCount: Math.round(percent / 2),
  percentComplete: percent,
  lastLogin,
});

const dashboard: GuideDashboard = {
  courseId: 'course_python_01',
  courseTitle: 'Python Programming',
  lectureCount: 50,
  students: [row('s1', 'Bea', 80, '2025-03-01T10:00:00Z'), row('s2', 'Al', 10, null, null), row('s3', 'Cy', 40, '2025-02-01T10:00:00Z')],
  pendingHomework: 4,
  pendingExams: 2,
};

function serve(body: GuideDashboard) {
  return serveApi(guide, (url) => {
    if (url.includes('/api/courses?prefix=python')) return json(200, courses);
    if (url.includes('/api/dashboard/guide?courseId=course_python_01')) return json(200, body);
  });
}

describe('GuideHome', () => {
  it('shows the course, the summary and the students least progress first', async () => {
    serve(dashboard);
    renderPage(<GuideHome />, '/python/guide');
    expect(await screen.findByRole('heading', { name: 'Python Programming', level: 1 })).toBeTruthy();
    expect(screen.getByText('50 lectures')).toBeTruthy();
    const names = (await screen.findAllByTestId('student-row')).map((r) => within(r).getByRole('link').textContent);
    expect(names).toEqual(['Al', 'Cy', 'Bea']);

    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('3')).toBeTruthy();
    expect(within(summary).getByText('43.3%')).toBeTruthy();
    expect(within(summary).getByText('4')).toBeTruthy();
    expect(within(summary).getByRole('link', { name: 'Review homework' }).getAttribute('href')).toBe('/python/manage-homework');
    expect(within(summary).getByRole('link', { name: 'Grade exams' }).getAttribute('href')).toBe('/python/grade-exams');

    const first = screen.getAllByTestId('student-row')[0]!;
    expect(within(first).getByText('No batch')).toBeTruthy();
    expect(within(first).getByText('Never')).toBeTruthy();
    expect(within(first).getByTestId('student-meta').textContent).toBe('No batch · last login Never');
    expect(within(first).getByText('5 of 50 (10%)')).toBeTruthy();

    const links = within(screen.getByRole('navigation', { name: 'Guide pages' })).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Course Access',
      'Manage Lectures',
      'Manage Assignments',
      'Students',
      'Batches',
      'Analytics',
    ]);
    expect(links[2]!.getAttribute('href')).toBe('/python/manage-homework');
  });

  it('opens student progress with the student preselected', async () => {
    serve(dashboard);
    renderPage(<GuideHome />, '/python/guide');
    fireEvent.click(await screen.findByRole('link', { name: 'Cy' }));
    const dest = await screen.findByTestId('destination');
    expect(dest.textContent).toBe('/python/student-progress {"selectedStudentId":"s3"}');
  });

  it('re-sorts by name', async () => {
    serve(dashboard);
    renderPage(<GuideHome />, '/python/guide');
    await screen.findAllByTestId('student-row');
    fireEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Name' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('student-row').map((r) => within(r).getByRole('link').textContent)).toEqual(['Al', 'Bea', 'Cy']),
    );
  });

  it("shows 'No students enrolled yet' with a link to add students", async () => {
    serve({ ...dashboard, students: [], pendingHomework: 0, pendingExams: 0 });
    renderPage(<GuideHome />, '/python/guide');
    expect(await screen.findByText('No students enrolled yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add students' }).getAttribute('href')).toBe('/python/manage-students');
    expect(within(screen.getByRole('region', { name: 'Summary' })).getByText('—')).toBeTruthy();
  });
});

describe('sortStudents', () => {
  const rows = [row('a', 'Zed', 50, '2025-01-02T00:00:00Z'), row('b', 'Amy', 50, null), row('c', 'Kim', 5, '2025-01-01T00:00:00Z')];
  it.each([
    ['progress-asc', ['Kim', 'Amy', 'Zed']],
    ['progress-desc', ['Amy', 'Zed', 'Kim']],
    ['name', ['Amy', 'Kim', 'Zed']],
    ['login', ['Amy', 'Kim', 'Zed']],
  ] as const)('%s', (by, expected) => {
    expect(sortStudents(rows, by).map((r) => r.name)).toEqual(expected);
  });

  it('after 10 s of loading offers the help panel; Apply Fallback Data shows the saved copy of the dashboard', async () => {
    sessionStorage.setItem(
      'learn.saved.dashboard.guide.course_python_01',
      JSON.stringify({ data: dashboard, savedAt: new Date().toISOString() }),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      serveApi(guide, (url) => {
        if (url.includes('/api/courses?prefix=python')) return json(200, courses);
        if (url.includes('/api/dashboard/guide')) return new Promise<Response>(() => {}) as unknown as Response;
      });
      renderPage(<GuideHome />, '/python/guide');
      await vi.waitFor(() => expect(screen.getByText('Loading the course dashboard...')).toBeTruthy());
      await act(() => vi.advanceTimersByTimeAsync(9_000));
      expect(screen.queryByText('Dashboard Taking Longer Than Expected')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(1_100));
      expect(screen.getByText('Dashboard Taking Longer Than Expected')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Apply Fallback Data' }));
      expect(screen.getByText('Showing saved data')).toBeTruthy();
      expect(screen.queryByText('Loading the course dashboard...')).toBeNull();
      expect(screen.getAllByRole('row').length).toBeGreaterThan(1);
    } finally {
      vi.useRealTimers();
      sessionStorage.clear();
    }
  });
});
