import { z } from 'zod';
import { accessChangeSchema, assignmentEditSchema, lectureEditSchema, loginSchema, quizCheckSchema } from '@learn/shared';
import { GUIDE, PUBLIC, SIGNED_IN, type Catalogue } from './types.js';

/*
 * Sign-in, health, courses, progress, dashboards and access, and their old .php calls (people: catalogue-people.ts).
 * Kept apart from the route files on purpose: routes are re-wired often, the contract changes rarely, and
 * docs.test.ts fails when the two disagree (a route without an entry, an entry without a route).
 */
const courseIdQuery = z.object({ courseId: z.string().min(1).max(100).describe('Course id, e.g. course_python_01') });
const ok = (description: string) => ({ kind: 'json' as const, description });
const envelopeNote = 'Old envelope: `{ success, message, … }`; failures answer `{ success: false, error }` with the status.';

export const coreCatalogue: Catalogue = {
  'POST /api/auth/login': {
    tag: 'Sign-in',
    summary: 'Sign in with email and password; sets the HttpOnly session cookie',
    roles: PUBLIC,
    note: 'Repeated failures from one address or for one account are throttled (429).',
    body: loginSchema,
    response: ok('`{ user }`: the signed-in user; the cookie `learn_session` carries the session'),
  },
  'POST /api/auth/logout': {
    tag: 'Sign-in',
    summary: 'End the session and clear its cookie',
    roles: PUBLIC,
    response: ok('`{ success: true }`'),
  },
  'GET /api/auth/me': { tag: 'Sign-in', summary: 'The signed-in user', roles: SIGNED_IN, response: ok('`{ user: PublicUser }`') },
  'GET /api/health': {
    tag: 'Operations',
    summary: 'Health of the server, its database and pub/sub (503 when the database does not answer)',
    roles: PUBLIC,
    response: ok('The health report (database, pub/sub)'),
  },
  'GET /api/health/live': {
    tag: 'Operations',
    summary: 'Liveness probe for load balancers',
    roles: PUBLIC,
    response: ok('`{ status: "ok" }`'),
  },
  'GET /api/health/ready': {
    tag: 'Operations',
    summary: 'Readiness probe: 200 once migrations ran and the database answers, 503 otherwise (and while draining)',
    roles: PUBLIC,
    response: ok('The readiness report'),
  },
  'GET /metrics': {
    tag: 'Operations',
    summary: 'Prometheus metrics',
    roles: [],
    bearer: true,
    note: 'Off (404) unless METRICS_TOKEN is set; then `Authorization: Bearer <METRICS_TOKEN>` is required. Sessions never open it.',
    response: { kind: 'text', description: 'Prometheus text exposition format' },
  },
  'GET /api/login_diagnostics.php': {
    tag: 'Operations',
    summary: 'Operator diagnostics as JSON: database, migrations, runner, pub/sub (no paths, keys or user data)',
    roles: PUBLIC,
    legacy: true,
    response: ok('The diagnostics report'),
  },
  'GET /dashboard_debug.html': {
    tag: 'Operations',
    summary: 'The same diagnostics as a page',
    roles: PUBLIC,
    legacy: true,
    response: { kind: 'html', description: 'HTML page' },
  },
  'GET /api/test_api.php': {
    tag: 'Operations',
    summary: 'Old health check: server and database status',
    roles: PUBLIC,
    legacy: true,
    response: ok('The old health report'),
  },
  'POST /api/login.php': {
    tag: 'Sign-in',
    summary: 'Old sign-in call (same rules as POST /api/auth/login)',
    roles: PUBLIC,
    legacy: true,
    body: loginSchema,
    note: envelopeNote,
    response: ok('`{ success: true, user, message }`; sets the session cookie'),
  },
  'OPTIONS /api/login.php': {
    tag: 'Sign-in',
    summary: "The old client's check that the login endpoint exists",
    roles: PUBLIC,
    legacy: true,
    response: { status: 204, kind: 'empty', description: 'No content; `Allow: OPTIONS, POST`' },
  },
  'GET /api/courses': {
    tag: 'Courses',
    summary: 'The courses the reader can see',
    roles: SIGNED_IN,
    query: z.object({ prefix: z.string().max(20).optional().describe('Only courses whose URL prefix is this (e.g. python)') }),
    response: ok('`CoursesResponse`'),
  },
  'GET /api/courses/{courseId}/lectures': {
    tag: 'Courses',
    summary: 'A course’s lectures, each with what the reader may open',
    roles: SIGNED_IN,
    response: ok('`CourseLecturesResponse`'),
  },
  'GET /api/lectures/{lectureId}': {
    tag: 'Courses',
    summary: 'One lecture’s content, as far as the reader’s grants allow',
    roles: SIGNED_IN,
    note: 'Students need an explanation grant for the lecture (403 otherwise). Revalidates with ETag (304).',
    response: ok('`LectureView`'),
  },
  'POST /api/lectures/{lectureId}/quiz/{index}/check': {
    tag: 'Courses',
    summary: 'Check one quiz answer (the server holds the right answers)',
    roles: SIGNED_IN,
    note: 'Students need a grant on the lecture.',
    body: quizCheckSchema,
    response: ok('`QuizCheckResult`'),
  },
  'GET /api/lectures/{lectureId}/edit': {
    tag: 'Courses',
    summary: 'A lecture as the editor loads it',
    roles: GUIDE,
    response: ok('`LectureEditView`'),
  },
  'PUT /api/lectures/{lectureId}/edit': {
    tag: 'Courses',
    summary: 'Save a lecture’s text and blocks',
    roles: GUIDE,
    body: lectureEditSchema,
    response: ok('`LectureEditView`'),
  },
  'GET /api/lectures/{lectureId}/assignment': {
    tag: 'Courses',
    summary: 'A lecture’s assignment as the editor loads it',
    roles: GUIDE,
    response: ok('`AssignmentView`'),
  },
  'PUT /api/lectures/{lectureId}/assignment': {
    tag: 'Courses',
    summary: 'Save a lecture’s assignment tasks',
    roles: GUIDE,
    body: assignmentEditSchema,
    response: ok('`AssignmentView`'),
  },
  'POST /api/lectures/{lectureId}/complete': {
    tag: 'Progress',
    summary: 'Mark a lecture complete (a student with a grant); may award badges',
    roles: ['student'],
    response: ok('`CompleteLectureResult`'),
  },
  'GET /api/badges/unseen': {
    tag: 'Progress',
    summary: 'The student’s badges not yet shown',
    roles: ['student'],
    response: ok('`UnseenBadgesResponse`'),
  },
  'POST /api/badges/{badgeId}/seen': {
    tag: 'Progress',
    summary: 'Mark a badge as shown',
    roles: ['student'],
    response: ok('`{ seen: true }`'),
  },
  'GET /api/students/{id}/progress': {
    tag: 'Progress',
    summary: 'One student’s progress in every course',
    roles: SIGNED_IN,
    note: 'A student reads only their own (403 for anyone else’s); guides read any.',
    response: ok('The student’s progress'),
  },
  'GET /api/dashboard/student': {
    tag: 'Dashboards',
    summary: 'The student’s home page figures for a course',
    roles: ['student'],
    query: courseIdQuery,
    response: ok('`StudentDashboard`'),
  },
  'GET /api/dashboard/guide': {
    tag: 'Dashboards',
    summary: 'The guide’s home page figures for a course',
    roles: GUIDE,
    query: courseIdQuery,
    response: ok('`GuideDashboard`'),
  },
  'GET /api/access': {
    tag: 'Access',
    summary: 'Every student’s grants (explanation, code, assignment) per lecture of a course',
    roles: GUIDE,
    query: courseIdQuery,
    response: ok('`AccessMatrix`'),
  },
  'PUT /api/access': {
    tag: 'Access',
    summary: 'Grant or revoke access, several changes at once',
    roles: GUIDE,
    body: accessChangeSchema,
    response: ok('`{ applied: number }`'),
  },
};
