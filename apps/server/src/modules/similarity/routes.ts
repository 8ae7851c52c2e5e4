import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { scopeKeySchema, similarityReviewSchema, similaritySettingsSchema } from '@learn/shared';
import { parse } from '../../platform/errors.js';
import { requireRole } from '../../platform/authenticate.js';
import type { SimilarityService } from './service.js';

const courseQuery = z.object({ courseId: z.string({ error: 'courseId is required' }).min(1).max(100) });
const scopeQuery = z.object({ scope: scopeKeySchema });
const idParams = z.object({ id: z.coerce.number({ error: 'Pair not found' }).int().positive() });

/**
 * Similar submissions (issue 30), guides only. The worker (compose.ts) takes queued comparisons when the
 * app is ready and hands the one under way back at shutdown (app.ts); the scheduler calls its refresh().
 */
export function similarityRoutes(app: FastifyInstance, { similarity: service }: { similarity: SimilarityService }) {
  /** What can be compared in a course: homework tasks with submissions, exam code and debug questions. */
  app.get('/api/similarity/scopes', async (request) => {
    const actor = requireRole(request, 'guide');
    return service.scopes(actor, parse(courseQuery, request.query).courseId);
  });

  app.get('/api/similarity/report', async (request) => {
    const actor = requireRole(request, 'guide');
    return service.report(actor, parse(scopeQuery, request.query).scope);
  });

  /** Compares the scope again now (the report shows the progress). */
  app.post('/api/similarity/report/refresh', async (request, reply) => {
    const actor = requireRole(request, 'guide');
    const report = await service.report(actor, parse(scopeQuery, request.body).scope, true);
    return reply.status(202).send(report);
  });

  app.get('/api/similarity/pairs/:id', async (request) => {
    const actor = requireRole(request, 'guide');
    return service.pair(actor, parse(idParams, request.params).id);
  });

  app.put('/api/similarity/pairs/:id/review', async (request) => {
    const actor = requireRole(request, 'guide');
    const { id } = parse(idParams, request.params);
    return service.review(actor, id, parse(similarityReviewSchema, request.body));
  });

  app.get('/api/similarity/settings', async (request) => {
    const actor = requireRole(request, 'guide');
    return service.settings(actor, parse(courseQuery, request.query).courseId);
  });

  app.put('/api/similarity/settings', async (request) => {
    const actor = requireRole(request, 'guide');
    const body = parse(similaritySettingsSchema, request.body);
    return service.saveSettings(actor, body.courseId, body.threshold);
  });

  /** Submissions and exam attempts in a flagged pair: the quiet markers on the review pages. */
  app.get('/api/similarity/markers', async (request) => {
    const actor = requireRole(request, 'guide');
    return service.markers(actor, parse(courseQuery, request.query).courseId);
  });
}
