import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { scopeKeySchema, similarityReviewSchema, similaritySettingsSchema } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import { parse } from '../../platform/errors.js';
import { requireRole } from '../../platform/authenticate.js';
import { SimilarityService } from './service.js';
import { SimilarityWorker } from './worker.js';
import { QueuedComparisons } from './queued-job.js';

declare module 'fastify' {
  interface FastifyInstance {
    similarityWorker: SimilarityWorker;
  }
}

const courseQuery = z.object({ courseId: z.string({ error: 'courseId is required' }).min(1).max(100) });
const scopeQuery = z.object({ scope: scopeKeySchema });
const idParams = z.object({ id: z.coerce.number({ error: 'Pair not found' }).int().positive() });

/**
 * Similar submissions (issue 30), guides only. The worker takes queued comparisons when the app is
 * ready, and hands the one under way back at shutdown; the scheduler (main.ts) calls its refresh().
 */
export function similarityRoutes(app: FastifyInstance, deps: AppDeps) {
  // With REDIS_URL the comparison itself is a job on the runner workers; the claim and results stay here.
  const queue = deps.config.runner.queue;
  const queued = queue ? new QueuedComparisons(queue.redisUrl, queue.prefix) : null;
  const worker = new SimilarityWorker(deps, (err, scope) => app.log.error({ err, scope }, 'similarity comparison failed'), queued?.compare);
  const service = new SimilarityService(deps, worker);
  app.decorate('similarityWorker', worker);
  app.addHook('onReady', async () => {
    await worker.refresh();
  });
  app.addHook('preClose', async () => {
    await worker.stop();
    await queued?.close();
  });

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
