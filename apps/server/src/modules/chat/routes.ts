import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CHAT_MAX_IMAGE_BYTES, chatSendSchema } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import { parse, validationError } from '../../platform/errors.js';
import { requireActor, requireRole } from '../../platform/authenticate.js';
import { ChatService } from './service.js';
import { IMAGE_TOO_BIG } from './images.js';

const studentParams = z.object({ studentId: z.string().min(1).max(200) });
const imageParams = z.object({ name: z.string().min(1).max(200) });
const afterQuery = z.object({ after: z.coerce.number().int().min(0).optional() });
const searchQuery = z.object({ search: z.string().max(200).optional() });
const imageQuery = z.object({ text: z.string().max(4000).optional() });

declare module 'fastify' {
  interface FastifyInstance {
    /** For main.ts (the retention job). */
    chat: ChatService;
  }
}

/**
 * Chat (issue 15). Guides: GET /api/chat/conversations (search, unread, latest first). Both sides (a
 * student: their own id only): GET /api/chat/conversations/:studentId[?after=id] (the catch-up of a
 * reconnecting page), POST .../messages {text}, POST .../images (the raw image bytes as the body, any
 * content type, optional ?text=), POST .../read, POST .../clear. GET /api/chat/unread (the button's count),
 * GET /api/chat/images/:name. Live: chat.message, chat.read, chat.cleared over /api/ws.
 */
export function chatRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = new ChatService(deps);
  app.decorate('chat', service);

  app.get('/api/chat/conversations', async (request) => {
    const actor = requireRole(request, 'guide');
    const { search } = parse(searchQuery, request.query);
    return { conversations: await service.list(actor, search ?? '') };
  });
  app.get('/api/chat/unread', async (request) => service.unread(requireActor(request)));
  app.get('/api/chat/conversations/:studentId', async (request) => {
    const actor = requireActor(request);
    const { studentId } = parse(studentParams, request.params);
    const { after } = parse(afterQuery, request.query);
    return service.conversation(actor, studentId, after ?? 0);
  });
  app.post('/api/chat/conversations/:studentId/messages', async (request, reply) => {
    const actor = requireActor(request);
    const { studentId } = parse(studentParams, request.params);
    const { text } = parse(chatSendSchema, request.body);
    return reply.status(201).send(await service.send(actor, studentId, text));
  });

  // Images arrive as the raw body, whatever type the browser declares: the bytes decide (images.ts).
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CHAT_MAX_IMAGE_BYTES + 1024 }, (_req, body, done) => done(null, body));
    scope.setErrorHandler((err, request, reply) => {
      if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.send(validationError(IMAGE_TOO_BIG));
      return reply.send(err);
    });
    scope.post('/api/chat/conversations/:studentId/images', async (request, reply) => {
      const actor = requireActor(request);
      const { studentId } = parse(studentParams, request.params);
      const { text } = parse(imageQuery, request.query);
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw validationError('Choose an image to send.');
      const clean = parse(chatSendSchema, { text: text ?? '' }).text;
      return reply.status(201).send(await service.send(actor, studentId, clean, body));
    });
  });

  app.post('/api/chat/conversations/:studentId/read', async (request) => {
    const actor = requireActor(request);
    const { studentId } = parse(studentParams, request.params);
    return service.markRead(actor, studentId);
  });
  app.post('/api/chat/conversations/:studentId/clear', async (request) => {
    const actor = requireActor(request);
    const { studentId } = parse(studentParams, request.params);
    return service.clear(actor, studentId);
  });
  app.get('/api/chat/images/:name', async (request, reply) => {
    const actor = requireActor(request);
    const { name } = parse(imageParams, request.params);
    const bytes = await service.image(actor, name);
    return reply
      .header('content-type', 'image/jpeg')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', 'inline')
      .send(bytes);
  });
}
