import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import type { LectureView } from '@learn/shared';
import { serveApi } from '../../../test/render-page';
import { AuthProvider } from '../../../lib/auth';

// The MSW-served API and the two users are the shared ones; this file adds the lecture fixtures and renderAt.
export { json, serveApi, student, guide, type Handler } from '../../../test/render-page';

/** The calls to paths containing `part`, with their parsed JSON bodies. */
export function callsTo(fetchMock: ReturnType<typeof serveApi>, part: string) {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).includes(part))
    .map(([url, init]) => ({
      url: String(url),
      method: init?.method ?? 'GET',
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    }));
}

function Destination() {
  const location = useLocation();
  return <p data-testid="destination">{location.pathname}</p>;
}

/** Renders `page` at `path` (pattern `pattern`) inside the app's providers; other paths show where they led. */
export function renderAt(page: ReactNode, pattern: string, path: string) {
  localStorage.clear();
  const router = createMemoryRouter(
    [
      { path: pattern, element: page },
      { path: '*', element: <Destination /> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, client };
}

export const courses = {
  courses: [
    { id: 'course_c_01', prefix: 'c-cpp', title: 'C Programming', lectureCount: 25 },
    { id: 'course_cpp_01', prefix: 'c-cpp', title: 'C++ Programming', lectureCount: 25 },
  ],
};

/** A lecture as a student with only the code grant receives it. */
export const studentLecture: LectureView = {
  id: 'c-cpp-day-3',
  courseId: 'course_c_01',
  courseTitle: 'C Programming',
  prefix: 'c-cpp',
  day: 3,
  title: 'Variables and Data Types',
  description: 'Variables are named boxes that hold values.',
  keyConcepts: ['A **variable** is a named place in memory.', 'int holds whole numbers.'],
  quickQuiz: [
    { question: 'What does n = 8; n = n + 1; leave in n?', options: ['14', '6', '9', 'n + 1'] },
    { question: 'Which declaration fits 12.99?', options: ['int', 'char', 'none', 'double'] },
  ],
  codeContent: [{ type: 'code', language: 'c', code: 'int age = 12;' }],
  access: { explanation: false, code: true, assignment: false },
  completed: false,
};

export const guideLecture: LectureView = {
  ...studentLecture,
  detailedContent: [{ type: 'paragraph', text: 'So far your programs printed fixed text.' }],
  tasks: [
    { type: 'exercise', content: 'Print your **age**.', initialCode: '#include <stdio.h>\nint main(void) { return 0; }' },
    { type: 'homework', content: 'Write a price calculator.' },
  ],
  access: { explanation: true, code: true, assignment: true },
};
