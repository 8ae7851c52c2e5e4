import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from './harness.js';

/**
 * Every route x role -> expected status. Each module adds its routes here; the test at the bottom fails
 * when a registered route has no row. Statuses are what the server answers, whatever the client would
 * have shown. `{student}` in a URL is the signed-in student's own id: "student" asks for their own
 * object, "otherStudent" (another signed-in student) for someone else's. A row without an otherStudent
 * status expects the same as for student.
 */
type Role = 'anonymous' | 'student' | 'otherStudent' | 'guide';
const roles = ['anonymous', 'student', 'otherStudent', 'guide'] as const;
interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  url: string;
  payload?: object;
  expect: Record<Exclude<Role, 'otherStudent'>, number> & { otherStudent?: number };
  /** Run with a session of its own (for calls that end the session, such as logout). */
  freshSession?: boolean;
}

export const matrix: Row[] = [
  { method: 'GET', url: '/api/health', expect: { anonymous: 200, student: 200, guide: 200 } },
  { method: 'GET', url: '/api/test_api.php', expect: { anonymous: 200, student: 200, guide: 200 } },
  // Probes for load balancers (public, no personal data); /metrics is off without METRICS_TOKEN (404 for all,
  // sessions never open it: see modules/metrics/metrics.test.ts for the token).
  { method: 'GET', url: '/api/health/live', expect: { anonymous: 200, student: 200, guide: 200 } },
  { method: 'GET', url: '/api/health/ready', expect: { anonymous: 200, student: 200, guide: 200 } },
  { method: 'GET', url: '/metrics', expect: { anonymous: 404, student: 404, guide: 404 } },
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
  // Badge dialogs: a student's own unseen badges; guides earn none.
  { method: 'GET', url: '/api/badges/unseen', expect: { anonymous: 401, student: 200, guide: 403 } },
  { method: 'POST', url: '/api/badges/badge_01/seen', expect: { anonymous: 401, student: 200, guide: 403 } },
  { method: 'POST', url: '/api/badges/nope/seen', expect: { anonymous: 401, student: 404, guide: 403 } },
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
  // Own and other objects: a student reads only their own progress; guides any.
  { method: 'GET', url: '/api/students/{student}/progress', expect: { anonymous: 401, student: 200, otherStudent: 403, guide: 200 } },
  { method: 'PATCH', url: '/api/students/{student}', payload: {}, expect: { anonymous: 401, student: 403, otherStudent: 403, guide: 200 } },
  { method: 'POST', url: '/api/auth/logout', freshSession: true, expect: { anonymous: 200, student: 200, guide: 200 } },
  // Code runner: every signed-in user runs code (a real sandboxed run); an invalid body shows they got past authorization.
  {
    method: 'POST',
    url: '/api/run',
    payload: { language: 'python', code: 'print(1)' },
    expect: { anonymous: 401, student: 200, guide: 200 },
  },
  { method: 'POST', url: '/api/run', payload: { language: 'c', code: '' }, expect: { anonymous: 401, student: 400, guide: 400 } },
  { method: 'GET', url: '/api/run/status', expect: { anonymous: 401, student: 200, guide: 200 } },
  // AI explanations: no provider in the matrix app, so a signed-in POST streams an error event (200).
  { method: 'GET', url: '/api/explain/status', expect: { anonymous: 401, student: 200, guide: 200 } },
  { method: 'GET', url: '/api/explain/usage', expect: { anonymous: 401, student: 403, guide: 200 } },
  {
    method: 'POST',
    url: '/api/explain',
    payload: { language: 'python', code: 'print(1)' },
    expect: { anonymous: 401, student: 200, guide: 200 },
  },
  { method: 'POST', url: '/api/explain', payload: { language: 'python', code: '' }, expect: { anonymous: 401, student: 400, guide: 400 } },
  // The interactive socket without an upgrade: the session is checked before anything else.
  { method: 'GET', url: '/api/run/ws', expect: { anonymous: 401, student: 404, guide: 404 } },
  // Homework (issue 13): the matrix's students hold no assignment grant, so checking and submitting are 403.
  { method: 'GET', url: '/api/homework?courseId=course_c_01', expect: { anonymous: 401, student: 200, guide: 403 } },
  {
    method: 'POST',
    url: '/api/homework/check',
    payload: { lectureId: 'c-cpp-day-1', taskIndex: 0, code: 'int main(void){return 0;}' },
    expect: { anonymous: 401, student: 403, guide: 403 },
  },
  {
    method: 'POST',
    url: '/api/homework/submissions',
    payload: { lectureId: 'c-cpp-day-1', taskIndex: 0, code: 'int main(void){return 0;}' },
    expect: { anonymous: 401, student: 403, guide: 403 },
  },
  { method: 'GET', url: '/api/homework/submissions?courseId=course_c_01', expect: { anonymous: 401, student: 403, guide: 200 } },
  // Exams: students take them (an unknown exam is 404 for them), guides edit and grade; each refuses the other.
  { method: 'GET', url: '/api/exams?courseId=course_c_01', expect: { anonymous: 401, student: 200, guide: 403 } },
  { method: 'POST', url: '/api/exams/exam_none/attempt', expect: { anonymous: 401, student: 404, guide: 403 } },
  {
    method: 'PUT',
    url: '/api/exams/exam_none/attempt/answers',
    payload: { seq: 1, answers: {} },
    expect: { anonymous: 401, student: 404, guide: 403 },
  },
  { method: 'POST', url: '/api/exams/exam_none/attempt/submit', payload: {}, expect: { anonymous: 401, student: 404, guide: 403 } },
  {
    method: 'POST',
    url: '/api/exams/exam_none/attempt/check',
    payload: { questionId: 'q1', code: 'print(1)' },
    expect: { anonymous: 401, student: 404, guide: 403 },
  },
  { method: 'GET', url: '/api/exams/manage?courseId=course_c_01', expect: { anonymous: 401, student: 403, guide: 200 } },
  { method: 'GET', url: '/api/exams/blank-question?type=code', expect: { anonymous: 401, student: 403, guide: 200 } },
  {
    method: 'POST',
    url: '/api/exams',
    payload: { courseId: 'course_none', week: 1 },
    expect: { anonymous: 401, student: 403, guide: 404 },
  },
  { method: 'PUT', url: '/api/exams/exam_none', payload: {}, expect: { anonymous: 401, student: 403, guide: 400 } },
  { method: 'DELETE', url: '/api/exams/exam_none', expect: { anonymous: 401, student: 403, guide: 404 } },
  { method: 'GET', url: '/api/exams/exam_none/preview', expect: { anonymous: 401, student: 403, guide: 404 } },
  { method: 'GET', url: '/api/exam-submissions?courseId=course_c_01', expect: { anonymous: 401, student: 403, guide: 200 } },
  { method: 'POST', url: '/api/exam-submissions/999999/tests', expect: { anonymous: 401, student: 403, guide: 404 } },
  {
    method: 'PUT',
    url: '/api/exam-submissions/999999/grade',
    payload: { scores: {} },
    expect: { anonymous: 401, student: 403, guide: 404 },
  },
  {
    method: 'PUT',
    url: '/api/homework/submissions/999999/grade',
    payload: { grade: 'B' },
    expect: { anonymous: 401, student: 403, guide: 404 },
  },
  { method: 'GET', url: '/api/homework/gradebook.csv?courseId=course_c_01', expect: { anonymous: 401, student: 403, guide: 200 } },
  { method: 'GET', url: '/api/homework/gradebook.csv?courseId=nope', expect: { anonymous: 401, student: 403, guide: 404 } },
  // Similar submissions (issue 30): guides only; a student never reaches a comparison, a pair or a mark.
  { method: 'GET', url: '/api/similarity/scopes?courseId=course_c_01', expect: { anonymous: 401, student: 403, guide: 200 } },
  { method: 'GET', url: '/api/similarity/report?scope=homework:c-cpp-day-21:0', expect: { anonymous: 401, student: 403, guide: 200 } },
  {
    method: 'POST',
    url: '/api/similarity/report/refresh',
    payload: { scope: 'homework:c-cpp-day-21:9' },
    expect: { anonymous: 401, student: 403, guide: 404 },
  },
  { method: 'GET', url: '/api/similarity/pairs/999999', expect: { anonymous: 401, student: 403, guide: 404 } },
  {
    method: 'PUT',
    url: '/api/similarity/pairs/999999/review',
    payload: { reviewed: true, note: 'x' },
    expect: { anonymous: 401, student: 403, guide: 404 },
  },
  { method: 'GET', url: '/api/similarity/settings?courseId=course_c_01', expect: { anonymous: 401, student: 403, guide: 200 } },
  {
    method: 'PUT',
    url: '/api/similarity/settings',
    payload: { courseId: 'nope', threshold: 0.8 },
    expect: { anonymous: 401, student: 403, guide: 404 },
  },
  { method: 'GET', url: '/api/similarity/markers?courseId=course_c_01', expect: { anonymous: 401, student: 403, guide: 200 } },
  // Chat: guides list every conversation; a conversation's sides are its student and the guides, never another student.
  { method: 'GET', url: '/api/chat/conversations', expect: { anonymous: 401, student: 403, guide: 200 } },
  { method: 'GET', url: '/api/chat/unread', expect: { anonymous: 401, student: 200, guide: 200 } },
  {
    method: 'GET',
    url: '/api/chat/conversations/{student}?after=0',
    expect: { anonymous: 401, student: 200, otherStudent: 403, guide: 200 },
  },
  {
    method: 'POST',
    url: '/api/chat/conversations/{student}/messages',
    payload: { text: 'hello' },
    expect: { anonymous: 401, student: 201, otherStudent: 403, guide: 201 },
  },
  {
    method: 'POST',
    url: '/api/chat/conversations/{student}/images',
    payload: { not: 'an image' },
    expect: { anonymous: 401, student: 400, otherStudent: 403, guide: 400 },
  },
  {
    method: 'POST',
    url: '/api/chat/conversations/{student}/read',
    expect: { anonymous: 401, student: 200, otherStudent: 403, guide: 200 },
  },
  {
    method: 'POST',
    url: '/api/chat/conversations/{student}/clear',
    expect: { anonymous: 401, student: 200, otherStudent: 403, guide: 200 },
  },
  { method: 'GET', url: '/api/chat/conversations/nobody', expect: { anonymous: 401, student: 403, guide: 404 } },
  { method: 'GET', url: '/api/chat/images/0123456789abcdef0123456789abcdef.jpg', expect: { anonymous: 401, student: 404, guide: 404 } },
  { method: 'GET', url: '/api/get_submissions.php', expect: { anonymous: 401, student: 200, guide: 200 } },
  {
    method: 'POST',
    url: '/api/add_submission.php',
    payload: { lectureId: 'c-cpp-day-1', code: 'int main(void){return 0;}' },
    expect: { anonymous: 401, student: 403, guide: 403 },
  },
  {
    method: 'POST',
    url: '/api/grade_submission.php',
    payload: { submissionId: 999999, grade: 'B' },
    expect: { anonymous: 401, student: 403, guide: 404 },
  },
  // Course analytics (issue 17): guides only, every student's figures.
  { method: 'GET', url: '/api/analytics?courseId=course_c_01', expect: { anonymous: 401, student: 403, guide: 200 } },
  { method: 'GET', url: '/api/analytics/export.csv?courseId=course_c_01', expect: { anonymous: 401, student: 403, guide: 200 } },
  // Operator diagnostics (issue 17): public, no paths, keys or user data (see health/diagnostics.test.ts).
  { method: 'GET', url: '/api/login_diagnostics.php', expect: { anonymous: 200, student: 200, guide: 200 } },
  { method: 'GET', url: '/dashboard_debug.html', expect: { anonymous: 200, student: 200, guide: 200 } },
  // The API description (issue 28): public, schemas hold nothing secret.
  { method: 'GET', url: '/api/docs', expect: { anonymous: 200, student: 200, guide: 200 } },
  { method: 'GET', url: '/api/docs/openapi.json', expect: { anonymous: 200, student: 200, guide: 200 } },
];

/** The live channel: who may open /api/ws (anonymous sockets are closed with 4401). */
const liveChannel: Record<Role, 'open' | 'refused'> = { anonymous: 'refused', student: 'open', otherStudent: 'open', guide: 'open' };

/** Routes answered by the matrix's own checks rather than rows. */
const coveredElsewhere = [{ method: 'GET', url: '/api/ws' }];

function pattern(url: string): RegExp {
  const escaped = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

describe.each(engines)('authorization matrix (%s)', (engine) => {
  let t: TestApp;
  const cookies: Partial<Record<Role, string>> = {};
  const credentials: Partial<Record<Role, { email: string; password: string }>> = {};
  let studentId = '';
  beforeAll(async () => {
    t = await createTestApp(engine);
    const s = await t.createUser({ role: 'student' });
    const other = await t.createUser({ role: 'student' });
    studentId = s.id;
    credentials.student = s;
    credentials.otherStudent = other;
    credentials.guide = { email: GUIDE_EMAIL, password: GUIDE_PASSWORD };
    cookies.student = await t.login(s.email, s.password);
    cookies.otherStudent = await t.login(other.email, other.password);
    cookies.guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
  });
  afterAll(() => t.close());

  const cases = matrix.flatMap((row) =>
    roles.map((role) => ({
      ...row,
      role,
      status: role === 'otherStudent' ? (row.expect.otherStudent ?? row.expect.student) : row.expect[role],
    })),
  );
  it.each(cases)('$method $url as $role -> $status', async ({ method, url, payload, role, status, freshSession }) => {
    const login = credentials[role];
    const cookie = freshSession && login ? await t.login(login.email, login.password) : cookies[role];
    // Sign-in attempts use an address per role so the matrix never trips the login throttle.
    const res = await t.app.inject({
      method,
      url: url.replace('{student}', studentId),
      payload,
      headers: cookie ? { cookie } : {},
      remoteAddress: `10.20.0.${roles.indexOf(role) + 1}`,
    });
    expect(res.statusCode).toBe(status);
  });

  it.each(roles.map((role) => ({ role, outcome: liveChannel[role] })))('GET /api/ws as $role -> $outcome', async ({ role, outcome }) => {
    const cookie = cookies[role];
    let settle!: (outcome: string) => void;
    const received = new Promise<string>((resolve) => (settle = resolve));
    await t.app
      .injectWS(
        '/api/ws',
        { headers: cookie ? { cookie } : {} },
        {
          // Listeners go on before the upgrade completes: the server greets at once.
          onInit(ws) {
            ws.on('message', (data: Buffer) => {
              settle(JSON.parse(data.toString()).type === 'hello' ? 'open' : 'other');
              ws.terminate();
            });
            ws.on('close', (code: number) => settle(code === 4401 ? 'refused' : `closed ${code}`));
          },
        },
      )
      .catch(() => settle('refused'));
    expect(await received).toBe(outcome);
  });

  it('has a row for every registered route (a new route cannot be forgotten)', () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api'));
    expect(routes.length).toBeGreaterThan(40);
    const rows = [...matrix.map((r) => ({ method: r.method, url: r.url.split('?')[0]!.replace('{student}', 'x') })), ...coveredElsewhere];
    const missing = routes
      .filter((route) => !rows.some((row) => row.method === route.method && pattern(route.url).test(row.url)))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });
});
