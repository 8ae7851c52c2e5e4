import type { FastifyInstance } from 'fastify';
import { buildOpenApi } from './openapi.js';
import { openApiPage } from './page.js';

/**
 * GET /api/docs/openapi.json: the OpenAPI document. GET /api/docs: the same as a page for a browser
 * (Accept prefers text/html), the JSON for anything else (curl, client generators). Public: a schema holds
 * nothing secret, and a school's IT reads it before it has an account.
 */
export function docsRoutes(app: FastifyInstance) {
  const doc = buildOpenApi();
  const page = openApiPage(doc);
  app.get('/api/docs/openapi.json', { config: { public: true } }, async () => doc);
  app.get('/api/docs', { config: { public: true } }, async (request, reply) => {
    void reply.header('vary', 'accept');
    const accept = request.headers.accept ?? '';
    if (/\btext\/html\b/.test(accept)) return reply.type('text/html; charset=utf-8').send(page);
    return doc;
  });
}
