import type { FastifyInstance } from 'fastify';
import { explainRequestSchema, type ExplainUsage } from '@learn/shared';
import { authorizationError, parse } from '../../platform/errors.js';
import { requireActor } from '../../platform/authenticate.js';
import { canSeeExplainUsage } from './policy.js';
import type { ExplainService } from './service.js';

/** POST /api/explain streams server-sent events: `data: {"text"}` pieces, then `event: done` or `event: error`. */
export function explainRoutes(app: FastifyInstance, { explain: service }: { explain: ExplainService }) {
  app.get('/api/explain/status', async (request, reply) => {
    requireActor(request);
    void reply.header('cache-control', 'no-store');
    return service.status();
  });

  app.get('/api/explain/usage', async (request): Promise<ExplainUsage> => {
    if (!canSeeExplainUsage(requireActor(request))) throw authorizationError();
    return { days: await service.usageByDay() };
  });

  app.post('/api/explain', async (request, reply) => {
    const actor = requireActor(request);
    // A student with an exam attempt under way gets none (the service asks the exams module; fails closed).
    await service.authorize(actor);
    const body = parse(explainRequestSchema, request.body);
    await service.admit(actor.id, body.code);
    const controller = new AbortController();
    reply.hijack();
    const raw = reply.raw;
    // A hijacked reply skips the onSend hooks: the security headers that matter for a stream are set here.
    raw.writeHead(200, {
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
      'x-frame-options': 'DENY',
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    raw.flushHeaders();
    raw.on('close', () => controller.abort());
    const write = (s: string) => {
      if (!raw.writableEnded) raw.write(s);
    };
    await service.explain(
      body.code,
      body.language,
      {
        text: (piece) => write(`data: ${JSON.stringify({ text: piece })}\n\n`),
        done: () => write('event: done\ndata: {}\n\n'),
        error: (message) => write(`event: error\ndata: ${JSON.stringify({ message })}\n\n`),
      },
      controller.signal,
    );
    if (!raw.writableEnded) raw.end();
  });
}
