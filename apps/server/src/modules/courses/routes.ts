import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { assignmentEditSchema, lectureEditSchema, quizCheckSchema } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import { parse } from '../../platform/errors.js';
import { requireActor, requireRole } from '../../platform/authenticate.js';
import { courseList } from './course-list.js';
import * as service from './service.js';
import type { LectureStateCache } from './lecture-state-cache.js';
import type { LectureAnswer } from './lecture-cache.js';

const idParams = z.object({ lectureId: z.string().min(1).max(100) });

/** The lecture id of a path: checked by hand when plainly valid (every real read), by the schema otherwise, for its message. */
function lectureIdOf(params: unknown): string {
  const id = (params as { lectureId?: unknown }).lectureId;
  return typeof id === 'string' && id.length >= 1 && id.length <= 100 ? id : parse(idParams, params).lectureId;
}

function sendLecture(request: FastifyRequest, reply: FastifyReply, { etag, body }: LectureAnswer) {
  reply.header('cache-control', 'private, no-cache').header('etag', etag);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}

export function courseRoutes(app: FastifyInstance, deps: AppDeps, { lectureStates: states }: { lectureStates: LectureStateCache }) {
  app.get('/api/courses', async (request) => {
    const actor = requireActor(request);
    const { prefix } = parse(z.object({ prefix: z.string().max(20).optional() }), request.query);
    return courseList(deps, actor, prefix);
  });

  app.get('/api/courses/:courseId/lectures', async (request) => {
    const { courseId } = parse(z.object({ courseId: z.string().min(1).max(100) }), request.params);
    return service.courseLectures(deps, requireActor(request), courseId);
  });

  // Repeat reads revalidate: 304 when the ETag (content, the reader's grants and completion) still matches.
  // The hottest read (`npm run bench`): answered without a promise when memory holds it all.
  app.get('/api/lectures/:lectureId', (request, reply) => {
    const lectureId = lectureIdOf(request.params);
    const actor = requireActor(request);
    const known = service.memoryLectureRead(deps, actor, lectureId, states);
    if (!known) return service.lectureRead(deps, actor, lectureId, states).then((answer) => sendLecture(request, reply, answer));
    sendLecture(request, reply, known);
  });

  app.post('/api/lectures/:lectureId/quiz/:index/check', async (request) => {
    const { lectureId, index } = parse(idParams.extend({ index: z.coerce.number().int().min(0).max(50) }), request.params);
    const { answer } = parse(quizCheckSchema, request.body);
    return service.checkQuiz(deps, requireActor(request), lectureId, index, answer);
  });

  app.get('/api/lectures/:lectureId/edit', async (request) => {
    const { lectureId } = parse(idParams, request.params);
    return service.lectureForEdit(deps, requireRole(request, 'guide'), lectureId);
  });

  app.put('/api/lectures/:lectureId/edit', async (request) => {
    const actor = requireRole(request, 'guide');
    const { lectureId } = parse(idParams, request.params);
    return service.editLecture(deps, actor, lectureId, parse(lectureEditSchema, request.body, { nameField: true }));
  });

  app.get('/api/lectures/:lectureId/assignment', async (request) => {
    const { lectureId } = parse(idParams, request.params);
    return service.assignmentForEdit(deps, requireRole(request, 'guide'), lectureId);
  });

  app.put('/api/lectures/:lectureId/assignment', async (request) => {
    const actor = requireRole(request, 'guide');
    const { lectureId } = parse(idParams, request.params);
    return service.editAssignment(deps, actor, lectureId, parse(assignmentEditSchema, request.body, { nameField: true }));
  });
}
