import type { FastifyInstance } from 'fastify';
import { analyticsQuerySchema } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import { parse } from '../../platform/errors.js';
import { requireRole } from '../../platform/authenticate.js';
import { courseAnalytics } from './service.js';
import { analyticsCsv } from './csv.js';

/** Course analytics (issue 17), guides only: GET /api/analytics?courseId=&batchId= and its CSV export. */
export function analyticsRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/analytics', async (request, reply) => {
    const actor = requireRole(request, 'guide');
    void reply.header('cache-control', 'no-store');
    return courseAnalytics(deps, actor, parse(analyticsQuerySchema, request.query));
  });
  app.get('/api/analytics/export.csv', async (request, reply) => {
    const actor = requireRole(request, 'guide');
    const result = await courseAnalytics(deps, actor, parse(analyticsQuerySchema, request.query));
    const name = `analytics-${result.courseId}${result.batchId ? `-${result.batchId}` : ''}.csv`.replace(/[^A-Za-z0-9_.-]/g, '_');
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store');
    return analyticsCsv(result);
  });
}
