import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CoursesResponse, StudentDashboard } from '@learn/shared';
import StudentHome from './student-home';
import { useSelectedCourse } from '../../lib/course-selection';
import { json, renderPage, student, serveApi } from '../../test/render-page';
import { clearQueryCache } from '../../lib/query-cache';

/** The sidebar's course selector writes the same selection the dashboard reads. */
function SidebarStandIn() {
  const { select } = useSelectedCourse('c-cpp');
  return (
    <button type="button" onClick={() => select('course_cpp_01')}>
      Pick C++
    </button>
  );
}

const courses: CoursesResponse = {
  courses: [
    { id: 'course_c_01', prefix: 'c-cpp', title: 'C Programming', lectureCount: 25 },
    { id: 'course_cpp_01', prefix: 'c-cpp', title: 'C++ Programming', lectureCount: 25 },
  ],
};

const full: StudentDashboard = {
  courseId: 'course_c_01',
  courseTitle: 'C Programming',
  lectureCount: 25,
  completedCount: 10,
  percentComplete: 40,
  continueLecture: { id: 'c-cpp-day-11', day: 11, title: 'Function Parameters' },
  recentGrades: [
    { kind: 'exam', title: 'Week 1 Exam', grade: '45/50', numeric: 90, gradedAt: '2025-03-03T10:00:00Z' },
    { kind: 'homework', title: 'Loops', grade: 'B', numeric: 80, gradedAt: '2025-03-02T10:00:00Z' },
    { kind: 'homework', title: 'Variables', grade: 'A', numeric: null, gradedAt: '2025-03-01T10:00:00Z' },
  ],
  badges: [
    {
      id: 'badge_01',
      name: 'First Steps',
      description: 'Completed your first lecture.',
      icon: 'FootprintsIcon',
      awardedAt: '2025-03-01T10:00:00Z',
    },
  ],
};

function serve(dashboard: (courseId: string) => Response) {
  return serveApi(student, (url) => {
    if (url.includes('/api/courses?prefix=c-cpp')) return json(200, courses);
    const m = /\/api\/dashboard\/student\?courseId=([^&]+)/.exec(url);
    if (m) return dashboard(decodeURIComponent(m[1]!));
  });
}

/** The ring's coloured (teal) arcs. */
const greenArcs = () => [...document.querySelectorAll('circle')].filter((c) => (c.getAttribute('style') ?? '').includes('teal'));

describe('StudentHome', () => {
  it('greets by first name and shows progress, the next lecture, grades and badges', async () => {
    serve(() => json(200, full));
    const router = renderPage(<StudentHome />, '/c-cpp/student');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!' })).toBeTruthy();
    expect(await screen.findByText('10 of 25 lectures')).toBeTruthy();
    expect(screen.getByText('40%')).toBeTruthy();

    const grades = screen.getByRole('region', { name: 'Recent Grades' });
    const rows = within(grades).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Week 1 Exam'),
      expect.stringContaining('Loops'),
      expect.stringContaining('Variables'),
    ]);
    // Above 80 is green; exactly 80 and a letter with no numeric value are yellow.
    expect(within(rows[0]!).getByText('45/50').closest('[data-tone]')?.getAttribute('data-tone')).toBe('green');
    expect(within(rows[1]!).getByText('B').closest('[data-tone]')?.getAttribute('data-tone')).toBe('yellow');
    expect(within(rows[2]!).getByText('A').closest('[data-tone]')?.getAttribute('data-tone')).toBe('yellow');

    const achievements = screen.getByRole('region', { name: 'Achievements' });
    expect(within(achievements).getByText('First Steps')).toBeTruthy();
    expect(achievements.querySelector('[data-badge-icon="footprints"]')).toBeTruthy();

    const continueCard = screen.getByRole('region', { name: 'Continue Learning' });
    expect(within(continueCard).getByText('Day 11')).toBeTruthy();
    fireEvent.click(within(continueCard).getByRole('link', { name: /Day 11: Function Parameters/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/c-cpp/lecture/c-cpp-day-11'));
  });

  it('shows the exact empty texts and no Continue Learning card when there is no next lecture', async () => {
    serve(() => json(200, { ...full, completedCount: 0, percentComplete: 0, continueLecture: null, recentGrades: [], badges: [] }));
    renderPage(<StudentHome />, '/c-cpp/student');
    expect(await screen.findByText('No graded items yet.')).toBeTruthy();
    expect(screen.getByText('No badges earned yet...')).toBeTruthy();
    expect(screen.getByText('0 of 25 lectures')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Continue Learning' })).toBeNull();
    // At 0 % the ring is all track: no green (a zero-length round-capped arc would draw a green dot).
    expect(screen.getByRole('img', { name: '0% of the course completed' })).toBeTruthy();
    expect(greenArcs()).toHaveLength(0);
  });

  it('draws the green arc once something is completed', async () => {
    serve(() => json(200, full));
    renderPage(<StudentHome />, '/c-cpp/student');
    expect(await screen.findByRole('img', { name: '40% of the course completed' })).toBeTruthy();
    expect(greenArcs()).toHaveLength(1);
  });

  it('follows the course selected in the sidebar', async () => {
    const fetchMock = serve((courseId) =>
      json(200, { ...full, courseId, courseTitle: courseId === 'course_cpp_01' ? 'C++ Programming' : 'C Programming' }),
    );
    renderPage(
      <>
        <StudentHome />
        <SidebarStandIn />
      </>,
      '/c-cpp/student',
    );
    await screen.findByText('10 of 25 lectures');
    fireEvent.click(screen.getByRole('button', { name: 'Pick C++' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('courseId=course_cpp_01'))).toBe(true));
    expect(await screen.findByText('completed in C++ Programming')).toBeTruthy();
  });

  it('shows a loading state, then the server error with a retry', async () => {
    let fail = true;
    serve(() => (fail ? json(403, { type: 'AUTHORIZATION', message: 'Access denied' }) : json(200, full)));
    renderPage(<StudentHome />, '/c-cpp/student');
    expect(screen.getByText('Loading your dashboard...')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your dashboard');
    expect(alert.textContent).toContain('Access denied');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('10 of 25 lectures')).toBeTruthy();
  });

  it('after 10 s of loading offers the help panel; Apply Fallback Data shows the copy saved when it last loaded', async () => {
    // A first visit loaded and saved the copy (this tab only; see the next test).
    sessionStorage.setItem('learn.saved.dashboard.student.course_c_01', JSON.stringify({ data: full, savedAt: new Date().toISOString() }));
    // Now the server hangs.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      serve(() => new Promise<Response>(() => {}) as unknown as Response);
      renderPage(<StudentHome />, '/c-cpp/student');
      await vi.waitFor(() => expect(screen.getByText('Loading your dashboard...')).toBeTruthy());
      expect(screen.queryByText('Dashboard Taking Longer Than Expected')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(9_000));
      expect(screen.queryByText('Dashboard Taking Longer Than Expected')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(1_100));
      expect(screen.getByText('Dashboard Taking Longer Than Expected')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Run API Health Check' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Apply Fallback Data' }));
      expect(screen.getByText('10 of 25 lectures')).toBeTruthy();
      expect(screen.getByText('Showing saved data')).toBeTruthy();
      expect(screen.queryByText('Loading your dashboard...')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('saves a copy of each good answer for this tab', async () => {
    sessionStorage.clear();
    serve(() => json(200, full));
    renderPage(<StudentHome />, '/c-cpp/student');
    await screen.findByText('10 of 25 lectures');
    await waitFor(() => expect(sessionStorage.getItem('learn.saved.dashboard.student.course_c_01')).toContain('Function Parameters'));
    cleanup();
  });

  it('offers no saved copy when there is none, and a sign-out drops the copies', async () => {
    sessionStorage.setItem('learn.saved.dashboard.student.course_c_01', JSON.stringify({ data: full, savedAt: new Date().toISOString() }));
    clearQueryCache();
    expect(sessionStorage.getItem('learn.saved.dashboard.student.course_c_01')).toBeNull();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      serve(() => new Promise<Response>(() => {}) as unknown as Response);
      renderPage(<StudentHome />, '/c-cpp/student');
      await vi.waitFor(() => expect(screen.getByText('Loading your dashboard...')).toBeTruthy());
      await act(() => vi.advanceTimersByTimeAsync(10_100));
      expect(screen.getByText('Dashboard Taking Longer Than Expected')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Apply Fallback Data' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
