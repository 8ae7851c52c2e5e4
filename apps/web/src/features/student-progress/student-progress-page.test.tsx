import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { StudentProgress, StudentRow } from '@learn/shared';
import StudentProgressPage from './student-progress-page';
import { guide, json, renderPage, serveApi } from '../../test/render-page';

const row = (id: string, name: string, batchName: string | null): StudentRow => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  role: 'student',
  batchId: batchName ? 'b1' : null,
  batchName,
  lastLogin: null,
  createdAt: '2025-01-01T00:00:00.000Z',
});
const students = [row('s1', 'Alice', 'Spring 2024'), row('s2', 'Bob', null)];

const aliceProgress: StudentProgress = {
  student: students[0]!,
  courses: [
    {
      courseId: 'course_c_01',
      title: 'C Programming',
      lectureCount: 4,
      completed: [
        { lectureId: 'c-day-2', day: 2, title: 'Variables', completedAt: '2025-03-13T10:00:00.000Z' },
        { lectureId: 'c-day-1', day: 1, title: 'Hello, C', completedAt: '2025-03-12T10:00:00.000Z' },
      ],
    },
    { courseId: 'course_cpp_01', title: 'C++ Programming', lectureCount: 25, completed: [] },
  ],
  badges: [
    {
      id: 'badge_01',
      name: 'First Steps',
      description: 'Completed your first lecture.',
      icon: 'FootprintsIcon',
      awardedAt: '2025-03-12T10:00:00.000Z',
    },
  ],
  homework: [],
  exams: [],
};

function setup() {
  return serveApi(guide, (url) => {
    if (url.endsWith('/api/students')) return json(200, { students });
    if (url.endsWith('/api/students/s1/progress')) return json(200, aliceProgress);
    if (url.endsWith('/api/students/s2/progress'))
      return json(200, {
        ...aliceProgress,
        student: students[1],
        courses: [],
        badges: [],
        homework: [
          {
            courseId: 'course_c_01',
            courseTitle: 'C Programming',
            lectureId: 'c-day-1',
            lectureTitle: 'Hello, C',
            day: 1,
            taskIndex: 0,
            state: 'graded',
            grade: 'A',
            feedback: 'Tidy output.',
            submittedAt: '2025-03-14T10:00:00.000Z',
            gradedAt: '2025-03-15T10:00:00.000Z',
          },
          {
            courseId: 'course_c_01',
            courseTitle: 'C Programming',
            lectureId: 'c-day-1',
            lectureTitle: 'Hello, C',
            day: 1,
            taskIndex: 1,
            state: 'submitted',
            grade: null,
            feedback: null,
            submittedAt: '2025-03-14T11:00:00.000Z',
            gradedAt: null,
          },
        ],
        exams: [
          {
            courseId: 'course_c_01',
            coursePrefix: 'c-cpp',
            examId: 'e1',
            title: 'Week 1 Exam',
            week: 1,
            status: 'graded',
            grade: 18,
            maxGrade: 20,
            percentage: 90,
            submittedAt: '2025-03-16T10:00:00.000Z',
            gradedAt: '2025-03-17T10:00:00.000Z',
          },
        ],
      });
  });
}

describe('Student Progress page', () => {
  it('preselects the student from navigation state and shows courses, badges and empty results', async () => {
    setup();
    renderPage(<StudentProgressPage />, '/c-cpp/student-progress', { selectedStudentId: 's1' });
    expect(screen.getByRole('heading', { name: 'Student Progress' })).toBeTruthy();
    const course = await screen.findByRole('region', { name: 'C Programming' });
    expect(within(course).getByText('2 of 4 lectures completed (50%)')).toBeTruthy();
    expect(within(course).getByRole('progressbar', { name: 'C Programming: 50% of lectures completed' })).toBeTruthy();
    const items = within(course)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toMatch(/^Day 1: Hello, C/);
    expect(items[1]).toMatch(/^Day 2: Variables/);
    expect(within(screen.getByRole('region', { name: 'C++ Programming' })).getByText('No lectures completed yet.')).toBeTruthy();
    const badges = screen.getByRole('region', { name: 'Badges' });
    expect(within(badges).getByText('First Steps')).toBeTruthy();
    expect(badges.querySelector('[data-badge-icon="footprints"]')).toBeTruthy();
    expect(screen.getByText('No homework submitted yet.')).toBeTruthy();
    expect(screen.getByText('No exams taken yet.')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Student' }) as HTMLInputElement).value).toBe('Alice (Spring 2024)');
  });

  it('searches the roster and switches student', async () => {
    setup();
    renderPage(<StudentProgressPage />, '/c-cpp/student-progress');
    expect(await screen.findByText('Choose a student to see their progress.')).toBeTruthy();
    const input = screen.getByRole('combobox', { name: 'Student' });
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'bo' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Bob' }));
    const homework = await screen.findByRole('region', { name: 'Homework' });
    const rows = within(homework).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Day 1: Hello, C');
    expect(rows[0]!.textContent).toContain('Task 1');
    expect(within(rows[0]!).getByText('Graded')).toBeTruthy();
    expect(within(rows[0]!).getByText('A')).toBeTruthy();
    expect(within(rows[0]!).getByText('Tidy output.')).toBeTruthy();
    expect(within(rows[1]!).getByText('Waiting for a grade')).toBeTruthy();
    const exams = screen.getByRole('region', { name: 'Exams' });
    expect(within(exams).getByText('18/20 (90%)')).toBeTruthy();
    expect(within(exams).getByRole('link', { name: 'Review Week 1 Exam' }).getAttribute('href')).toBe('/c-cpp/grade-exams');
    expect(screen.getByText('No badges earned yet...')).toBeTruthy();
  });

  it("shows 'Error loading students' with the detail, and the empty roster text", async () => {
    serveApi(guide, (url) => {
      if (url.endsWith('/api/students')) return json(403, { type: 'AUTHORIZATION', message: 'Access denied' });
    });
    renderPage(<StudentProgressPage />, '/c-cpp/student-progress');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error loading students');
    expect(alert.textContent).toContain('Access denied');
  });

  it("says 'No students enrolled yet' when the roster is empty", async () => {
    serveApi(guide, (url) => {
      if (url.endsWith('/api/students')) return json(200, { students: [] });
    });
    renderPage(<StudentProgressPage />, '/c-cpp/student-progress');
    expect(await screen.findByText('No students enrolled yet')).toBeTruthy();
  });
});
