import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  batchSchema,
  createGuideSchema,
  createStudentSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  updateGuideSchema,
  updateStudentSchema,
} from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import { parse } from '../../platform/errors.js';
import { requireRole } from '../../platform/authenticate.js';
import * as people from '../people/service.js';
import * as batches from '../batches/service.js';
import { envelope } from './envelope.js';

/** An old client may choose the first password; otherwise one is generated. */
const chosenPassword = z
  .string()
  .min(PASSWORD_MIN, 'Password must be at least 6 characters long')
  .max(PASSWORD_MAX)
  .optional()
  .catch(undefined);
const studentKey = z.object({ studentId: z.string({ error: 'studentId is required' }).min(1, 'studentId is required') });
const guideKey = z.object({ guideId: z.string({ error: 'guideId is required' }).min(1, 'guideId is required') });
const batchKey = z.object({ id: z.string({ error: 'id is required' }).min(1, 'id is required').max(100) });

/**
 * The old people and batch calls of platform-core.md section 7 at /api/<name>.php, over the same services
 * and rules as the modern API: a guide session is required; passwords come back only at creation.
 */
export function legacyPeopleRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/get_users.php', async (request) => {
    return people.listPeople(deps, requireRole(request, 'guide'));
  });

  app.post('/api/add_student.php', async (request, reply) => {
    const actor = requireRole(request, 'guide');
    return envelope(reply, 'Failed to add student on server.', async () => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const input = parse(createStudentSchema, body);
      const created = await people.createStudent(deps, actor, input, chosenPassword.parse(body.password));
      return { user: { ...created.user, password: created.password }, message: 'Student added successfully' };
    });
  });

  app.post('/api/update_student.php', async (request, reply) => {
    const actor = requireRole(request, 'guide');
    return envelope(reply, 'Failed to update student.', async () => {
      const { studentId } = parse(studentKey, request.body);
      const data = parse(updateStudentSchema, (request.body as { data?: unknown }).data ?? {});
      await people.updateStudent(deps, actor, studentId, data);
      return { message: 'Student updated successfully' };
    });
  });

  app.post('/api/remove_student.php', async (request, reply) => {
    const actor = requireRole(request, 'guide');
    return envelope(reply, 'Failed to remove student.', async () => {
      await people.removeStudent(deps, actor, parse(studentKey, request.body).studentId);
      return { message: 'Student removed successfully' };
    });
  });

  app.post('/api/add_guide.php', async (request, reply) => {
    const actor = requireRole(request, 'guide');
    return envelope(reply, 'Failed to add guide on server.', async () => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const created = await people.createGuide(deps, actor, parse(createGuideSchema, body), chosenPassword.parse(body.password));
      return { user: { ...created.user, password: created.password }, message: 'Guide added successfully' };
    });
  });

  app.post('/api/update_guide.php', async (request, reply) => {
    const actor = requireRole(request, 'guide');
    return envelope(reply, 'Failed to update mate.', async () => {
      const { guideId } = parse(guideKey, request.body);
      await people.updateGuide(deps, actor, guideId, parse(updateGuideSchema, (request.body as { data?: unknown }).data ?? {}));
      return { message: 'Guide updated successfully' };
    });
  });

  app.post('/api/remove_guide.php', async (request, reply) => {
    const actor = requireRole(request, 'guide');
    return envelope(reply, 'Failed to remove mate', async () => {
      await people.removeGuide(deps, actor, parse(guideKey, request.body).guideId);
      return { message: 'Guide removed successfully' };
    });
  });

  app.get('/api/get_batches.php', async (request, reply) => {
    requireRole(request, 'guide');
    void reply.header('cache-control', 'no-store');
    return { success: true, batches: (await batches.listBatches(deps)).map((b) => ({ id: b.id, name: b.name })) };
  });

  app.post('/api/add_batch.php', async (request, reply) => {
    const actor = requireRole(request, 'guide');
    return envelope(reply, 'Failed to add batch', async () => {
      const { name } = parse(batchSchema, request.body);
      const id = z
        .string()
        .trim()
        .min(1)
        .max(100)
        .optional()
        .catch(undefined)
        .parse((request.body as { id?: unknown } | undefined)?.id);
      const batch = await batches.createBatch(deps, actor, name, id);
      return { batch: { id: batch.id, name: batch.name }, message: 'Batch added successfully' };
    });
  });

  app.put('/api/update_batch.php', async (request, reply) => {
    const actor = requireRole(request, 'guide');
    return envelope(reply, 'Failed to update batch', async () => {
      const { id } = parse(batchKey, request.body);
      const batch = await batches.renameBatch(deps, actor, id, parse(batchSchema, request.body).name);
      return { batch: { id: batch.id, name: batch.name }, message: 'Batch updated successfully' };
    });
  });

  app.delete('/api/remove_batch.php', async (request, reply) => {
    const actor = requireRole(request, 'guide');
    return envelope(reply, 'Failed to delete batch', async () => {
      const { id } = parse(batchKey, { ...((request.query as object) ?? {}), ...((request.body as object) ?? {}) });
      const { unassigned } = await batches.deleteBatch(deps, actor, id);
      return { message: 'Batch deleted successfully', unassigned };
    });
  });
}
