import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import { parse } from '../../platform/errors.js';
import { requireActor } from '../../platform/authenticate.js';
import { badgeSeen, completeLecture, unseenBadges } from './service.js';

export function progressRoutes(app: FastifyInstance, deps: AppDeps) {
  app.post('/api/lectures/:lectureId/complete', async (request) => {
    const { lectureId } = parse(z.object({ lectureId: z.string().min(1).max(100) }), request.params);
    return completeLecture(deps, requireActor(request), lectureId);
  });
  app.get('/api/badges/unseen', async (request) => unseenBadges(deps, requireActor(request)));
  app.post('/api/badges/:badgeId/seen', async (request) => {
    const { badgeId } = parse(z.object({ badgeId: z.string().min(1).max(40) }), request.params);
    return badgeSeen(deps, requireActor(request), badgeId);
  });
}
