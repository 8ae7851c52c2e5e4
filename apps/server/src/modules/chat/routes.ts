import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CHAT_MAX_IMAGE_BYTES, chatSendSchema } from '@learn/shared';
import { parse, validationError } from '../../platform/errors.js';
import { requireActor, requireRole } from '../../platform/authenticate.js';
import type { ChatService } from './service.js';
import { IMAGE_TOO_BIG } from './images.js';

const studentParams = z.object({ studentId: z.string().min(1).max(200) });
const imageParams = z.object({ name: z.string().min(1).max(200) });
const afterQuery = z.object({ after: z.coerce.number().int().min(0).optional() });
const searchQuery = z.object({ search: z.string().max(200).optional() });
/** The caption's length in bytes, when the body starts with it (the caption travels in the body, never the URL). */
const captionHeader = z
  .string()
  .regex(/^\d{1,5}$/, 'x-caption-bytes must be a number of bytes')
  .transform(Number)
  .refine((n) => n <= 16_000, 'The caption is too long.');
export const CAPTION_HEADER = 'x-caption-bytes';

/**
 * Chat (issue 15). Guides: GET /api/chat/conversations (search, unread, latest first). Both sides (a
 * student: their own id only): GET /api/chat/conversations/:studentId[?after=id] (the catch-up of a
 * reconnecting page), POST .../messages {text}, POST .../images (the body: an optional caption in
 * UTF-8 then the raw image bytes, any content type; the caption's byte length in x-caption-bytes), POST .../read, POST .../clear. GET /api/chat/unread (the button's count),
 * GET /api/chat/images/:name. Live: chat.message, chat.read, chat.cleared over /api/ws.
 */
export function chatRoutes(app: FastifyInstance, { chat: service }: { chat: ChatService }) {
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
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CHAT_MAX_IMAGE_BYTES + 17_000 }, (_req, body, done) =>
      done(null, body),
    );
    scope.setErrorHandler((err, request, reply) => {
      if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.send(validationError(IMAGE_TOO_BIG));
      return reply.send(err);
    });
    scope.post('/api/chat/conversations/:studentId/images', async (request, reply) => {
      const actor = requireActor(request);
      const { studentId } = parse(studentParams, request.params);
      if (request.query && typeof request.query === 'object' && 'text' in request.query)
        throw validationError('Send the caption in the body (x-caption-bytes), not in the address.');
      const header = request.headers[CAPTION_HEADER];
      const captionBytes = header === undefined ? 0 : (parse(captionHeader, header) ?? 0);
      const raw = request.body;
      if (!Buffer.isBuffer(raw) || raw.length <= captionBytes) throw validationError('Choose an image to send.');
      const text = raw.subarray(0, captionBytes).toString('utf8');
      const body = raw.subarray(captionBytes);
      const clean = parse(chatSendSchema, { text }).text;
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
