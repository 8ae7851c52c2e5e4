import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { batchSchema } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import { parse } from '../../platform/errors.js';
import { requireRole } from '../../platform/authenticate.js';
import * as service from './service.js';

const idParams = z.object({ id: z.string().min(1).max(100) });

export function batchRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/batches', async (request, reply) => {
    requireRole(request, 'guide');
    void reply.header('cache-control', 'no-store');
    return { batches: await service.listBatches(deps) };
  });
  app.post('/api/batches', async (request, reply) => {
    const actor = requireRole(request, 'guide');
    const batch = await service.createBatch(deps, actor, parse(batchSchema, request.body).name);
    void reply.status(201);
    return { batch };
  });
  app.patch('/api/batches/:id', async (request) => {
    const actor = requireRole(request, 'guide');
    return { batch: await service.renameBatch(deps, actor, parse(idParams, request.params).id, parse(batchSchema, request.body).name) };
  });
  app.delete('/api/batches/:id', async (request) => {
    const actor = requireRole(request, 'guide');
    return service.deleteBatch(deps, actor, parse(idParams, request.params).id);
  });
}
