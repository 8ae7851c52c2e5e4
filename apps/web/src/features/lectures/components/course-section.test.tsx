import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CourseLecturesResponse } from '@learn/shared';
import { Sidebar } from '../../../app/layout/sidebar';
import { courses, guide, json, renderAt, student, serveApi } from '../test/render';

const list = (courseId: string, title: string, day0: number): CourseLecturesResponse => ({
  course: { id: courseId, prefix: 'c-cpp', title, lectureCount: 3 },
  lectures: [
    { id: `c-cpp-day-${day0}`, day: day0, title: 'Introduction', accessible: true, completed: true },
    { id: `c-cpp-day-${day0 + 1}`, day: day0 + 1, title: 'Environment', accessible: true, completed: false },
    { id: `c-cpp-day-${day0 + 2}`, day: day0 + 2, title: 'Variables', accessible: false, completed: false },
  ],
});

function serve(user: typeof student, opts: { oneCourse?: boolean; hold?: boolean } = {}) {
  return serveApi(user, (url) => {
    if (url.includes('/api/courses?prefix=')) return json(200, opts.oneCourse ? { courses: courses.courses.slice(0, 1) } : courses);
    if (url.includes('/api/courses/course_c_01/lectures'))
      return opts.hold ? new Promise<Response>(() => {}) : json(200, list('course_c_01', 'C Programming', 1));
    if (url.includes('/api/courses/course_cpp_01/lectures')) return json(200, list('course_cpp_01', 'C++ Programming', 26));
    return undefined;
  });
}

function renderSidebar(path: string, onNavigate = vi.fn()) {
  const result = renderAt(<Sidebar prefix="c-cpp" onNavigate={onNavigate} />, '/:prefix/*', path);
  return { ...result, onNavigate };
}

describe('Sidebar course section', () => {
  it('lists the lectures, highlights the open one, greys locked ones and marks completed ones', async () => {
    serve(student);
    const { onNavigate, router } = renderSidebar('/c-cpp/lecture/c-cpp-day-2');
    const nav = await screen.findByRole('navigation', { name: 'C Programming lectures' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Day 1: Introduction', 'Day 2: Environment']);
    expect(within(links[0]!).getByRole('img', { name: 'completed' })).toBeTruthy();
    expect(links[1]!.getAttribute('aria-current')).toBe('page');
    expect(links[0]!.getAttribute('href')).toBe('/c-cpp/lecture/c-cpp-day-1');
    const locked = within(nav).getByText('Day 3: Variables').closest('[aria-disabled="true"]')!;
    expect(locked.tagName).not.toBe('A');
    expect(locked.getAttribute('href')).toBeNull();
    // Phones see who is signed in here.
    expect(within(screen.getByTestId('sidebar-user')).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(screen.getByTestId('sidebar-user')).getByText('Student')).toBeTruthy();

    fireEvent.click(links[0]!);
    expect(onNavigate).toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/c-cpp/lecture/c-cpp-day-1'));
  });

  it('collapses and opens the course section', async () => {
    serve(student);
    renderSidebar('/c-cpp/student');
    await screen.findByRole('navigation', { name: 'C Programming lectures' });
    const toggle = screen.getByRole('button', { name: 'C Programming' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('switches course with the selector when the prefix has several courses', async () => {
    serve(guide);
    renderSidebar('/c-cpp/guide');
    const select = (await screen.findByLabelText('Course')) as HTMLSelectElement;
    expect(select.value).toBe('course_c_01');
    fireEvent.change(select, { target: { value: 'course_cpp_01' } });
    const nav = await screen.findByRole('navigation', { name: 'C++ Programming lectures' });
    // Guides may open every lecture, and see no completion marks.
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Day 26: Introduction', 'Day 27: Environment', 'Day 28: Variables']);
    expect(within(nav).queryByRole('img', { name: 'completed' })).toBeNull();
    expect(localStorage.getItem('selectedCourseId_c-cpp')).toBe('course_cpp_01');
  });

  it("shows no selector for a single course, and 'Loading course...' while the list loads", async () => {
    serve(student, { oneCourse: true, hold: true });
    renderSidebar('/c-cpp/student');
    expect((await screen.findAllByText('Loading course...')).length).toBeGreaterThan(0);
    await screen.findByRole('button', { name: 'C Programming' });
    expect(screen.getByText('Loading course...')).toBeTruthy();
    expect(screen.queryByLabelText('Course')).toBeNull();
  });
});
