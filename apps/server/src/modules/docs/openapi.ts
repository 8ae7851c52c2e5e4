import { z, type ZodType } from 'zod';
import { apiErrorSchema } from '@learn/shared';
import { coreCatalogue } from './catalogue-core.js';
import { workCatalogue } from './catalogue-work.js';
import { peopleCatalogue } from './catalogue-people.js';
import { moreCatalogue } from './catalogue-more.js';
import type { Catalogue, RouteDoc } from './types.js';

/** Every documented route, keyed `METHOD /path/{param}`. */
export const catalogue: Catalogue = { ...coreCatalogue, ...peopleCatalogue, ...workCatalogue, ...moreCatalogue };

/** Fastify's `/a/:id` as OpenAPI's `/a/{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

/** Routes registered but not documented, and documented but not registered (both should be empty). */
export function compareWithRoutes(routes: { method: string; url: string }[], docs: Catalogue = catalogue) {
  const registered = new Set(routes.map((r) => `${r.method} ${openApiPath(r.url)}`));
  const documented = new Set(Object.keys(docs));
  return {
    undocumented: [...registered].filter((k) => !documented.has(k)).sort(),
    unregistered: [...documented].filter((k) => !registered.has(k)).sort(),
  };
}

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as a client sends it (`io: 'input'`). */
function jsonSchema(schema: ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
}

const mediaType = {
  json: 'application/json',
  csv: 'text/csv',
  html: 'text/html',
  text: 'text/plain',
  image: 'image/jpeg',
  'event-stream': 'text/event-stream',
} as const;

function operation(key: string, doc: RouteDoc) {
  const [, path] = key.split(' ') as [string, string];
  const parameters: object[] = [...path.matchAll(/\{([A-Za-z_]+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (doc.query) {
    const q = jsonSchema(doc.query) as { properties?: Record<string, object>; required?: string[] };
    for (const [name, schema] of Object.entries(q.properties ?? {}))
      parameters.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
  }
  const { status = 200, kind, description, schema } = doc.response;
  const type = kind === 'empty' || kind === 'websocket' ? undefined : mediaType[kind];
  const success = { description, ...(type ? { content: { [type]: schema ? { schema: jsonSchema(schema) } : {} } } : {}) };
  const roles = doc.roles.length ? doc.roles.join(', ') : 'none (bearer token)';
  return {
    tags: [doc.tag],
    summary: doc.summary,
    description: [`Roles: ${roles}.`, doc.note].filter(Boolean).join(' '),
    'x-roles': doc.roles,
    ...(doc.legacy ? { deprecated: true } : {}),
    security: doc.bearer ? [{ metricsToken: [] }] : doc.roles.includes('anonymous') ? [] : [{ session: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(doc.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(doc.body) } } } } : {}),
    ...(doc.rawBody
      ? { requestBody: { required: true, description: doc.rawBody, content: { '*/*': { schema: { type: 'string', format: 'binary' } } } } }
      : {}),
    responses: {
      [String(status)]: success,
      ...(kind === 'websocket' ? { '101': { description: 'Switching protocols' } } : {}),
      default: {
        description: 'An error: `{ type, message, details? }` with 400, 401, 403, 404, 409, 429 or 5xx',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
      },
    },
  };
}

/** The OpenAPI 3.1 document of the whole API, built from the catalogue and the shared zod schemas. */
export function buildOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [key, doc] of Object.entries(catalogue)) {
    const [method, path] = key.split(' ') as [string, string];
    (paths[path] ??= {})[method.toLowerCase()] = operation(key, doc);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Learn API',
      // The description's own version: raised when a route or a schema changes incompatibly.
      version: '1.0.0',
      description:
        'Every route of the Learn server. Sign in with POST /api/auth/login: the answer sets the `learn_session` cookie, which every other call sends. ' +
        'Calls that change data from a browser must come from the same origin. Types named in `code` (e.g. `StudentRow`) are in packages/shared.',
    },
    tags: [...new Set(Object.values(catalogue).map((d) => d.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ApiError: jsonSchema(apiErrorSchema) },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'learn_session' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN' },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApi>;
