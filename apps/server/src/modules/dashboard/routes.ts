import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import { parse } from '../../platform/errors.js';
import { requireRole } from '../../platform/authenticate.js';
import { guideDashboard, studentDashboard } from './service.js';

const query = z.object({ courseId: z.string({ error: 'courseId is required' }).min(1, 'courseId is required').max(100) });

export function dashboardRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/dashboard/student', async (request) => {
    const actor = requireRole(request, 'student');
    return studentDashboard(deps, actor, parse(query, request.query).courseId);
  });
  app.get('/api/dashboard/guide', async (request) => {
    const actor = requireRole(request, 'guide');
    return guideDashboard(deps, actor, parse(query, request.query).courseId);
  });
}
