/**
 * Request handlers shared by the web tests, typed by the API contract in `@learn/shared` so a test's answer
 * has the shape the server sends.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import {
  typeForStatus,
  type ApiErrorBody,
  type CourseSummary,
  type CoursesResponse,
  type PublicUser,
  type SimilarityMarkers,
} from '@learn/shared';

/** A JSON answer with a status, typed by the shared response type it stands for. */
export function reply<T extends JsonBodyType>(status: number, body: T) {
  return HttpResponse.json(body, { status });
}

/** The server's error body (`{ type, message, details? }`) for a status, its type as the server picks it. */
export function replyError(status: number, message: string, details?: unknown) {
  const body: ApiErrorBody = { type: typeForStatus(status), message, ...(details !== undefined ? { details } : {}) };
  return HttpResponse.json(body as JsonBodyType, { status });
}

let signedIn: PublicUser | null = null;
/** Who `GET /api/auth/me` says is signed in (nobody: 401), until the next reset. */
export function signInAs(user: PublicUser | null): void {
  signedIn = user;
}

export const defaultHandlers = [
  http.get('*/api/auth/me', () => (signedIn ? reply(200, { user: signedIn }) : replyError(401, 'Authentication required'))),
  // Anything a test did not describe is a 404 with the server's error shape, so a missing route fails visibly.
  http.all('*/api/*', ({ request }) => replyError(404, `no handler for ${request.method} ${new URL(request.url).pathname}`)),
];

/** Resets the signed-in user (the setup file calls this after each test). */
export function resetDefaults(): void {
  signedIn = null;
}

/** The C course every page test starts in (prefix c-cpp). */
export const cCourse: CourseSummary = { id: 'course_c_01', prefix: 'c-cpp', title: 'C Programming', lectureCount: 25 };

/** GET /api/courses?prefix= answers with `courses`; GET /api/similarity/markers with none. */
export const courseHandlers = (courses: CourseSummary[] = [cCourse]) => [
  http.get('*/api/courses', () => reply<CoursesResponse>(200, { courses })),
  http.get('*/api/similarity/markers', () => reply<SimilarityMarkers>(200, { homework: [], exam: [] })),
];
