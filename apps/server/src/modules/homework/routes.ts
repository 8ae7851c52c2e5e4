import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { homeworkCheckSchema, homeworkGradeSchema, homeworkSubmitSchema } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import { parse } from '../../platform/errors.js';
import { requireRole } from '../../platform/authenticate.js';
import { HomeworkGrader } from './grader.js';
import { HomeworkService } from './service.js';
import { LegacyHomework } from './legacy.js';

declare module 'fastify' {
  interface FastifyInstance {
    homeworkGrader: HomeworkGrader;
    /** The old calls (legacy module) use the same service through this. */
    legacyHomework: LegacyHomework;
  }
}

const courseQuery = z.object({ courseId: z.string({ error: 'courseId is required' }).min(1).max(100) });
const reviewQuery = courseQuery.extend({ status: z.enum(['all', 'pending']).default('all') });
const idParams = z.object({ id: z.coerce.number({ error: 'Submission not found' }).int().positive() });

/**
 * Homework (issue 13). Needs the runner's routes registered first: grading shares `app.runner`'s queue.
 * The grader resumes unfinished grading when the app is ready and stops with it.
 */
export function homeworkRoutes(app: FastifyInstance, deps: AppDeps) {
  const grader = new HomeworkGrader(deps, app.runner, (err, id) => app.log.error({ err, id }, 'homework grading failed'));
  const service = new HomeworkService(deps, app.runner, grader);
  app.decorate('homeworkGrader', grader);
  app.decorate('legacyHomework', new LegacyHomework(deps, service));
  app.addHook('onReady', async () => {
    await grader.resume();
  });
  app.addHook('preClose', async () => grader.stop());

  app.get('/api/homework', async (request) => {
    const actor = requireRole(request, 'student');
    return service.studentHomework(actor, parse(courseQuery, request.query).courseId);
  });

  app.post('/api/homework/check', async (request) => {
    const actor = requireRole(request, 'student');
    return service.check(actor, parse(homeworkCheckSchema, request.body));
  });

  app.post('/api/homework/submissions', async (request, reply) => {
    const actor = requireRole(request, 'student');
    const submission = await service.submit(actor, parse(homeworkSubmitSchema, request.body));
    return reply.status(201).send(submission);
  });

  app.get('/api/homework/submissions', async (request) => {
    const actor = requireRole(request, 'guide');
    const q = parse(reviewQuery, request.query);
    return service.courseSubmissions(actor, q.courseId, q.status);
  });

  app.put('/api/homework/submissions/:id/grade', async (request) => {
    const actor = requireRole(request, 'guide');
    const { id } = parse(idParams, request.params);
    return service.grade(actor, id, parse(homeworkGradeSchema, request.body));
  });

  /** The course's gradebook as CSV (guides): students x homework tasks, letter, state and date. */
  app.get('/api/homework/gradebook.csv', async (request, reply) => {
    const actor = requireRole(request, 'guide');
    const book = await service.gradebook(actor, parse(courseQuery, request.query).courseId);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${book.filename}"`)
      .send(book.csv);
  });
}
