import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createGuideSchema, createStudentSchema, updateGuideSchema, updateStudentSchema } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import { parse } from '../../platform/errors.js';
import { requireRole } from '../../platform/authenticate.js';
import * as service from './service.js';

const idParams = z.object({ id: z.string().min(1).max(100) });

export function peopleRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/students', async (request) => {
    return { students: await service.listStudents(deps, requireRole(request, 'guide')) };
  });
  app.post('/api/students', async (request, reply) => {
    const actor = requireRole(request, 'guide');
    const created = await service.createStudent(deps, actor, parse(createStudentSchema, request.body));
    void reply.status(201);
    return created;
  });
  app.patch('/api/students/:id', async (request) => {
    const actor = requireRole(request, 'guide');
    const { id } = parse(idParams, request.params);
    return { user: await service.updateStudent(deps, actor, id, parse(updateStudentSchema, request.body)) };
  });
  app.post('/api/students/:id/reset-password', async (request) => {
    const actor = requireRole(request, 'guide');
    return service.resetPassword(deps, actor, parse(idParams, request.params).id, 'student');
  });
  app.delete('/api/students/:id', async (request) => {
    const actor = requireRole(request, 'guide');
    await service.removeStudent(deps, actor, parse(idParams, request.params).id);
    return { success: true };
  });

  app.get('/api/guides', async (request) => {
    return { guides: await service.listGuides(deps, requireRole(request, 'guide')) };
  });
  app.post('/api/guides', async (request, reply) => {
    const actor = requireRole(request, 'guide');
    const created = await service.createGuide(deps, actor, parse(createGuideSchema, request.body));
    void reply.status(201);
    return created;
  });
  app.patch('/api/guides/:id', async (request) => {
    const actor = requireRole(request, 'guide');
    const { id } = parse(idParams, request.params);
    return { user: await service.updateGuide(deps, actor, id, parse(updateGuideSchema, request.body)) };
  });
  app.post('/api/guides/:id/reset-password', async (request) => {
    const actor = requireRole(request, 'guide');
    return service.resetPassword(deps, actor, parse(idParams, request.params).id, 'guide');
  });
  app.delete('/api/guides/:id', async (request) => {
    const actor = requireRole(request, 'guide');
    await service.removeGuide(deps, actor, parse(idParams, request.params).id);
    return { success: true };
  });
}
