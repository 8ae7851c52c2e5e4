import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { homeworkCheckSchema, homeworkGradeSchema, homeworkSubmitSchema } from '@learn/shared';
import { parse } from '../../platform/errors.js';
import { requireRole } from '../../platform/authenticate.js';
import type { HomeworkService } from './service.js';

const courseQuery = z.object({ courseId: z.string({ error: 'courseId is required' }).min(1).max(100) });
const reviewQuery = courseQuery.extend({ status: z.enum(['all', 'pending']).default('all') });
const idParams = z.object({ id: z.coerce.number({ error: 'Submission not found' }).int().positive() });

/**
 * Homework (issue 13). The service, its grader (sharing the runner's grading lane) and their lifetime (the
 * grader resumes when the app is ready and stops with it) are set up in compose.ts and app.ts.
 */
export function homeworkRoutes(app: FastifyInstance, { homework: service }: { homework: HomeworkService }) {
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
