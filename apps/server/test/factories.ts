import type { AccessKind } from '@learn/shared';
import type { TestApp } from './harness.js';

/** Grants kinds of access to lectures through the real API, as a guide would. */
export async function grant(t: TestApp, guideCookie: string, studentId: string, lectureIds: string[], kinds: AccessKind[], granted = true) {
  const changes = lectureIds.flatMap((lectureId) => kinds.map((kind) => ({ studentId, lectureId, kind, granted })));
  const res = await t.app.inject({ method: 'PUT', url: '/api/access', headers: { cookie: guideCookie }, payload: { changes } });
  if (res.statusCode !== 200) throw new Error(`grant failed: ${res.statusCode} ${res.body}`);
  return res.json() as { applied: number };
}

/** An actor for policy table tests (pure functions: no database, no session). */
export function actorFor(role: 'student' | 'guide', id = `${role}-1`): import('../src/platform/authenticate.js').Actor {
  return { id, name: id, email: `${id}@example.com`, role, batchId: null, lastLogin: null, sessionId: 's' };
}
