import type { FastifyRequest } from 'fastify';
import type { WebSocket, RawData } from 'ws';
import type { ZodType, z } from 'zod';

/**
 * Every frame a client sends on a socket route goes through here: text only, JSON, then the route's zod
 * schema. Anything else is answered with one error frame and the socket stays up. A handler that throws is
 * logged with its request and answered the same way: one bad frame never ends the process.
 */
export function onSocketMessages<S extends ZodType>(
  socket: WebSocket,
  request: FastifyRequest,
  schema: S,
  handle: (message: z.infer<S>) => void,
  sendError: (message: string) => void,
): void {
  socket.on('message', (raw: RawData, isBinary: boolean) => {
    if (isBinary) return sendError('Messages must be JSON text, not binary data.');
    let value: unknown;
    try {
      value = JSON.parse(rawText(raw));
    } catch {
      return sendError('Messages must be JSON.');
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      return sendError(`Message not understood (${where}${issue?.message ?? 'invalid'}).`);
    }
    try {
      handle(parsed.data);
    } catch (err) {
      request.log.error({ err, url: request.url, userId: request.actor?.id }, 'socket message handler failed');
      sendError('Something went wrong with that message. Try again.');
    }
  });
  // An 'error' event without a listener would be thrown: a malformed frame (bad UTF-8, too large) closes the
  // socket with its close code instead.
  socket.on('error', (err) => request.log.debug({ err, url: request.url }, 'socket error'));
}

function rawText(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return Buffer.from(raw as ArrayBuffer).toString('utf8');
}
