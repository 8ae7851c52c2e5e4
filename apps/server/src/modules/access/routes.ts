import type { FastifyInstance } from 'fastify';
import { accessChangeSchema } from '@learn/shared';
import type { AppDeps } from '../../app.js';
import { parse } from '../../platform/errors.js';
import { requireRole } from '../../platform/authenticate.js';
import { applyAccessChanges } from './service.js';

export function accessRoutes(app: FastifyInstance, deps: AppDeps) {
  app.put('/api/access', async (request) => {
    const actor = requireRole(request, 'guide');
    return applyAccessChanges(deps, actor, parse(accessChangeSchema, request.body, { nameField: true }).changes);
  });
}
