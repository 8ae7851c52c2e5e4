import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import { parse } from '../../platform/errors.js';
import { requireActor } from '../../platform/authenticate.js';
import { studentProgress } from './student-progress-service.js';

export function studentProgressRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/students/:id/progress', async (request) => {
    const { id } = parse(z.object({ id: z.string().min(1).max(100) }), request.params);
    return studentProgress(deps, requireActor(request), id);
  });
}
