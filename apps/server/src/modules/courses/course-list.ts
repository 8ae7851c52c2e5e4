import type { CoursesResponse } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import type { Actor } from '../../platform/authenticate.js';
import { authorizationError } from '../../platform/errors.js';
import { listCourses } from './repository.js';
import { canListCourses } from './policy.js';

/** GET /api/courses: the courses, optionally the one with a URL prefix. */
export async function courseList(deps: AppDeps, actor: Actor, prefix?: string): Promise<CoursesResponse> {
  if (!canListCourses(actor)) throw authorizationError();
  return { courses: await listCourses(deps.db, prefix) };
}
