import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  EXAM_QUESTION_TYPES,
  examCheckSchema,
  examCreateSchema,
  examEditSchema,
  examGradeSchema,
  examSaveSchema,
  examSubmitSchema,
} from '@learn/shared';
import { parse } from '../../platform/errors.js';
import { requireRole } from '../../platform/authenticate.js';
import { ExamAuthoring } from './authoring.js';
import type { ExamAttempts } from './attempts.js';
import type { ExamGrading } from './grading.js';
import type { ExamCheck } from './check.js';

const courseQuery = z.object({ courseId: z.string().min(1).max(100) });
const examParams = z.object({ examId: z.string().min(1).max(200) });
const submissionParams = z.object({ id: z.coerce.number().int().min(1) });

/** The exams services the routes call, built once in compose.ts. */
export interface ExamServices {
  authoring: ExamAuthoring;
  attempts: ExamAttempts;
  grading: ExamGrading;
  check: ExamCheck;
}

/**
 * Exams (issue 14). Students: GET /api/exams, POST /api/exams/:id/attempt (open; created on first open),
 * PUT .../attempt/answers (autosave with a sequence number), POST .../attempt/check (the sample test),
 * POST .../attempt/submit. Guides:
 * GET /api/exams/manage, POST /api/exams, PUT/DELETE /api/exams/:id, GET /api/exams/:id/preview,
 * GET /api/exam-submissions, POST /api/exam-submissions/:id/tests, PUT /api/exam-submissions/:id/grade.
 */
export function examRoutes(app: FastifyInstance, { authoring, attempts, grading, check }: ExamServices) {
  app.get('/api/exams', async (request) => {
    const { courseId } = parse(courseQuery, request.query);
    return { exams: await attempts.list(requireRole(request, 'student'), courseId) };
  });
  app.post('/api/exams/:examId/attempt', async (request) => {
    const actor = requireRole(request, 'student');
    const { examId } = parse(examParams, request.params);
    return attempts.open(actor, examId);
  });
  app.put('/api/exams/:examId/attempt/answers', async (request) => {
    const actor = requireRole(request, 'student');
    const { examId } = parse(examParams, request.params);
    return attempts.save(actor, examId, parse(examSaveSchema, request.body));
  });
  app.post('/api/exams/:examId/attempt/check', async (request) => {
    const actor = requireRole(request, 'student');
    const { examId } = parse(examParams, request.params);
    const { questionId, code } = parse(examCheckSchema, request.body);
    return check.check(actor, examId, questionId, code);
  });
  app.post('/api/exams/:examId/attempt/submit', async (request) => {
    const actor = requireRole(request, 'student');
    const { examId } = parse(examParams, request.params);
    return attempts.submit(actor, examId, parse(examSubmitSchema, request.body ?? {}));
  });

  app.get('/api/exams/manage', async (request) => {
    const actor = requireRole(request, 'guide');
    const { courseId } = parse(courseQuery, request.query);
    return { exams: await authoring.manage(actor, courseId) };
  });
  app.get('/api/exams/blank-question', async (request) => {
    requireRole(request, 'guide');
    const { type } = parse(z.object({ type: z.enum(EXAM_QUESTION_TYPES) }), request.query);
    return ExamAuthoring.blankQuestion(type);
  });
  app.post('/api/exams', async (request, reply) => {
    const actor = requireRole(request, 'guide');
    const { courseId, week } = parse(examCreateSchema, request.body);
    const exam = await authoring.create(actor, courseId, week);
    return reply.status(201).send(exam);
  });
  app.put('/api/exams/:examId', async (request) => {
    const actor = requireRole(request, 'guide');
    const { examId } = parse(examParams, request.params);
    return authoring.edit(actor, examId, parse(examEditSchema, request.body, { nameField: true }));
  });
  app.delete('/api/exams/:examId', async (request) => {
    const actor = requireRole(request, 'guide');
    const { examId } = parse(examParams, request.params);
    const { confirm } = parse(z.object({ confirm: z.enum(['true', 'false']).optional() }), request.query);
    return authoring.remove(actor, examId, confirm === 'true');
  });
  app.get('/api/exams/:examId/preview', async (request) => {
    const actor = requireRole(request, 'guide');
    const { examId } = parse(examParams, request.params);
    return authoring.preview(actor, examId);
  });

  app.get('/api/exam-submissions', async (request) => {
    const actor = requireRole(request, 'guide');
    const q = parse(courseQuery.extend({ status: z.enum(['pending', 'graded']).default('pending') }), request.query);
    return { submissions: await grading.submissions(actor, q.courseId, q.status) };
  });
  app.post('/api/exam-submissions/:id/tests', async (request) => {
    const actor = requireRole(request, 'guide');
    const { id } = parse(submissionParams, request.params);
    return grading.runTestsFor(actor, id);
  });
  app.put('/api/exam-submissions/:id/grade', async (request) => {
    const actor = requireRole(request, 'guide');
    const { id } = parse(submissionParams, request.params);
    return grading.grade(actor, id, parse(examGradeSchema, request.body));
  });
}
