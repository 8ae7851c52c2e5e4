import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from './harness.js';

/**
 * Every route x role -> expected status. Each module adds its routes here; a new route without a row is
 * a review finding. Statuses are what the server answers, whatever the client would have shown.
 */
type Role = 'anonymous' | 'student' | 'guide';
interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  url: string;
  payload?: object;
  expect: Record<Role, number>;
}

export const matrix: Row[] = [
  { method: 'GET', url: '/api/health', expect: { anonymous: 200, student: 200, guide: 200 } },
  { method: 'GET', url: '/api/test_api.php', expect: { anonymous: 200, student: 200, guide: 200 } },
  { method: 'OPTIONS', url: '/api/login.php', expect: { anonymous: 204, student: 204, guide: 204 } },
  { method: 'GET', url: '/api/auth/me', expect: { anonymous: 401, student: 200, guide: 200 } },
  {
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'x1@example.com', password: 'wrong-pw' },
    expect: { anonymous: 401, student: 401, guide: 401 },
  },
  {
    method: 'POST',
    url: '/api/login.php',
    payload: { email: 'x2@example.com', password: 'wrong-pw' },
    expect: { anonymous: 401, student: 401, guide: 401 },
  },
  { method: 'GET', url: '/api/unknown-route', expect: { anonymous: 404, student: 404, guide: 404 } },
  // Courses and lectures. The student holds no grants in this matrix.
  { method: 'GET', url: '/api/courses?prefix=python', expect: { anonymous: 401, student: 200, guide: 200 } },
  { method: 'GET', url: '/api/courses/course_python_01/lectures', expect: { anonymous: 401, student: 200, guide: 200 } },
  { method: 'GET', url: '/api/lectures/python-day-1', expect: { anonymous: 401, student: 403, guide: 200 } },
  {
    method: 'POST',
    url: '/api/lectures/python-day-1/quiz/0/check',
    payload: { answer: 0 },
    expect: { anonymous: 401, student: 403, guide: 200 },
  },
  { method: 'POST', url: '/api/lectures/python-day-1/complete', expect: { anonymous: 401, student: 403, guide: 403 } },
  { method: 'GET', url: '/api/lectures/python-day-1/edit', expect: { anonymous: 401, student: 403, guide: 200 } },
  { method: 'PUT', url: '/api/lectures/python-day-1/edit', payload: {}, expect: { anonymous: 401, student: 403, guide: 400 } },
  { method: 'GET', url: '/api/lectures/python-day-1/assignment', expect: { anonymous: 401, student: 403, guide: 200 } },
  { method: 'PUT', url: '/api/lectures/python-day-1/assignment', payload: {}, expect: { anonymous: 401, student: 403, guide: 400 } },
  { method: 'GET', url: '/api/dashboard/student?courseId=course_python_01', expect: { anonymous: 401, student: 200, guide: 403 } },
  { method: 'GET', url: '/api/dashboard/guide?courseId=course_python_01', expect: { anonymous: 401, student: 403, guide: 200 } },
  { method: 'PUT', url: '/api/access', payload: { changes: [] }, expect: { anonymous: 401, student: 403, guide: 400 } },
  { method: 'GET', url: '/api/access?courseId=course_c_01', expect: { anonymous: 401, student: 403, guide: 200 } },
  // People, batches, roster import and the old calls: guides only. Invalid bodies show the guide got past authorization.
  { method: 'GET', url: '/api/students', expect: { anonymous: 401, student: 403, guide: 200 } },
  { method: 'POST', url: '/api/students', payload: {}, expect: { anonymous: 401, student: 403, guide: 400 } },
  { method: 'PATCH', url: '/api/students/nobody', payload: {}, expect: { anonymous: 401, student: 403, guide: 404 } },
  { method: 'DELETE', url: '/api/students/nobody', expect: { anonymous: 401, student: 403, guide: 404 } },
  { method: 'POST', url: '/api/students/nobody/reset-password', expect: { anonymous: 401, student: 403, guide: 404 } },
  { method: 'GET', url: '/api/students/nobody/progress', expect: { anonymous: 401, student: 403, guide: 404 } },
  { method: 'POST', url: '/api/students/import/preview', payload: { csv: '' }, expect: { anonymous: 401, student: 403, guide: 400 } },
  { method: 'POST', url: '/api/students/import', payload: { csv: '' }, expect: { anonymous: 401, student: 403, guide: 400 } },
  { method: 'GET', url: '/api/guides', expect: { anonymous: 401, student: 403, guide: 200 } },
  { method: 'POST', url: '/api/guides', payload: {}, expect: { anonymous: 401, student: 403, guide: 400 } },
  { method: 'PATCH', url: '/api/guides/nobody', payload: {}, expect: { anonymous: 401, student: 403, guide: 404 } },
  { method: 'DELETE', url: '/api/guides/nobody', expect: { anonymous: 401, student: 403, guide: 404 } },
  { method: 'POST', url: '/api/guides/nobody/reset-password', expect: { anonymous: 401, student: 403, guide: 404 } },
  { method: 'GET', url: '/api/batches', expect: { anonymous: 401, student: 403, guide: 200 } },
  { method: 'POST', url: '/api/batches', payload: {}, expect: { anonymous: 401, student: 403, guide: 400 } },
  { method: 'PATCH', url: '/api/batches/nobody', payload: { name: 'x' }, expect: { anonymous: 401, student: 403, guide: 404 } },
  { method: 'DELETE', url: '/api/batches/nobody', expect: { anonymous: 401, student: 403, guide: 404 } },
  { method: 'GET', url: '/api/get_users.php', expect: { anonymous: 401, student: 403, guide: 200 } },
  { method: 'POST', url: '/api/add_student.php', payload: {}, expect: { anonymous: 401, student: 403, guide: 400 } },
  { method: 'POST', url: '/api/update_student.php', payload: {}, expect: { anonymous: 401, student: 403, guide: 400 } },
  { method: 'POST', url: '/api/remove_student.php', payload: {}, expect: { anonymous: 401, student: 403, guide: 400 } },
  { method: 'POST', url: '/api/add_guide.php', payload: {}, expect: { anonymous: 401, student: 403, guide: 400 } },
  { method: 'POST', url: '/api/update_guide.php', payload: {}, expect: { anonymous: 401, student: 403, guide: 400 } },
  { method: 'POST', url: '/api/remove_guide.php', payload: {}, expect: { anonymous: 401, student: 403, guide: 400 } },
  { method: 'GET', url: '/api/get_batches.php', expect: { anonymous: 401, student: 403, guide: 200 } },
  { method: 'POST', url: '/api/add_batch.php', payload: {}, expect: { anonymous: 401, student: 403, guide: 400 } },
  { method: 'PUT', url: '/api/update_batch.php', payload: {}, expect: { anonymous: 401, student: 403, guide: 400 } },
  { method: 'DELETE', url: '/api/remove_batch.php', payload: {}, expect: { anonymous: 401, student: 403, guide: 400 } },
  // Code runner: every signed-in user runs code (a real sandboxed run); an invalid body shows they got past authorization.
  {
    method: 'POST',
    url: '/api/run',
    payload: { language: 'python', code: 'print(1)' },
    expect: { anonymous: 401, student: 200, guide: 200 },
  },
  { method: 'POST', url: '/api/run', payload: { language: 'c', code: '' }, expect: { anonymous: 401, student: 400, guide: 400 } },
  // The interactive socket without an upgrade: the session is checked before anything else.
  { method: 'GET', url: '/api/run/ws', expect: { anonymous: 401, student: 404, guide: 404 } },
];

describe.each(engines)('authorization matrix (%s)', (engine) => {
  let t: TestApp;
  const cookies: Partial<Record<Role, string>> = {};
  beforeAll(async () => {
    t = await createTestApp(engine);
    const s = await t.createUser({ role: 'student' });
    cookies.student = await t.login(s.email, s.password);
    cookies.guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
  });
  afterAll(() => t.close());

  const cases = matrix.flatMap((row) =>
    (['anonymous', 'student', 'guide'] as const).map((role) => ({ ...row, role, status: row.expect[role] })),
  );
  it.each(cases)('$method $url as $role -> $status', async ({ method, url, payload, role, status }) => {
    const cookie = cookies[role];
    // Sign-in attempts use an address per role so the matrix never trips the login throttle.
    const res = await t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {}, remoteAddress: `10.20.0.${role.length}` });
    expect(res.statusCode).toBe(status);
  });
});
