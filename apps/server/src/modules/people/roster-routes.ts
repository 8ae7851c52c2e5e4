import type { FastifyInstance } from 'fastify';
import { rosterImportSchema } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import { parse } from '../../platform/errors.js';
import { requireRole } from '../../platform/authenticate.js';
import { importRoster, previewRoster } from './roster.js';

export function rosterRoutes(app: FastifyInstance, deps: AppDeps) {
  const bodyLimit = 6 * 1024 * 1024;
  app.post('/api/students/import/preview', { bodyLimit }, async (request) => {
    const actor = requireRole(request, 'guide');
    return previewRoster(deps, actor, parse(rosterImportSchema, request.body).csv);
  });
  app.post('/api/students/import', { bodyLimit }, async (request, reply) => {
    const actor = requireRole(request, 'guide');
    const result = await importRoster(deps, actor, parse(rosterImportSchema, request.body).csv);
    void reply.header('cache-control', 'no-store');
    return result;
  });
}
