import type { FastifyInstance } from 'fastify';
import { accessChangeSchema } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import { parse } from '../../platform/errors.js';
import { requireRole } from '../../platform/authenticate.js';
import { z } from 'zod';
import { accessMatrix, applyAccessChanges } from './service.js';

export function accessRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/access', async (request) => {
    const actor = requireRole(request, 'guide');
    const { courseId } = parse(z.object({ courseId: z.string({ error: 'courseId is required' }).min(1).max(100) }), request.query);
    return accessMatrix(deps, actor, courseId);
  });

  app.put('/api/access', async (request) => {
    const actor = requireRole(request, 'guide');
    return applyAccessChanges(deps, actor, parse(accessChangeSchema, request.body, { nameField: true }).changes);
  });
}
