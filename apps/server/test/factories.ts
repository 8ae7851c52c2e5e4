import type { AccessKind } from '@learn/shared';
import type { TestApp } from './harness.js';

/** Grants kinds of access to lectures through the real API, as a guide would. */
export async function grant(t: TestApp, guideCookie: string, studentId: string, lectureIds: string[], kinds: AccessKind[], granted = true) {
  const changes = lectureIds.flatMap((lectureId) => kinds.map((kind) => ({ studentId, lectureId, kind, granted })));
  const res = await t.app.inject({ method: 'PUT', url: '/api/access', headers: { cookie: guideCookie }, payload: { changes } });
  if (res.statusCode !== 200) throw new Error(`grant failed: ${res.statusCode} ${res.body}`);
  return res.json() as { applied: number };
}
