import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { homeworkGradeSchema, homeworkSubmitSchema } from '@learn/shared';
import { parse } from '../../platform/errors.js';
import { requireActor, requireRole } from '../../platform/authenticate.js';
import type { LegacyHomework } from '../homework/legacy.js';
import { envelope } from './envelope.js';

const addSchema = homeworkSubmitSchema.extend({ taskIndex: homeworkSubmitSchema.shape.taskIndex.optional() });
const gradeSchema = homeworkGradeSchema.extend({
  submissionId: z.coerce.number({ error: 'submissionId is required' }).int().positive('submissionId is required'),
});

/**
 * The old submission calls of platform-core.md section 7 at /api/<name>.php, over the homework service:
 * the same grants, limits and guide-only grading as /api/homework.
 */
export function legacyHomeworkRoutes(app: FastifyInstance, { legacyHomework }: { legacyHomework: LegacyHomework }) {
  app.get('/api/get_submissions.php', async (request) => {
    return legacyHomework.list(requireActor(request));
  });

  app.post('/api/add_submission.php', async (request, reply) => {
    const actor = requireRole(request, 'student');
    return envelope(reply, 'Failed to submit homework. Please try again.', async () => ({
      message: 'Homework submitted successfully',
      submission: await legacyHomework.add(actor, parse(addSchema, request.body)),
    }));
  });

  app.post('/api/grade_submission.php', async (request, reply) => {
    const actor = requireRole(request, 'guide');
    return envelope(reply, 'Failed to save grade.', async () => ({
      message: 'Grade saved successfully',
      submission: await legacyHomework.grade(actor, parse(gradeSchema, request.body)),
    }));
  });
}
