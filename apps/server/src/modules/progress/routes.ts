import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import { parse } from '../../platform/errors.js';
import { requireActor } from '../../platform/authenticate.js';
import { completeLecture } from './service.js';

export function progressRoutes(app: FastifyInstance, deps: AppDeps) {
  app.post('/api/lectures/:lectureId/complete', async (request) => {
    const { lectureId } = parse(z.object({ lectureId: z.string().min(1).max(100) }), request.params);
    return completeLecture(deps, requireActor(request), lectureId);
  });
}
