import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { catalogue, compareWithRoutes } from './openapi.js';

interface Op {
  summary: string;
  'x-roles': string[];
  security: object[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, unknown>;
}

describe('API description (/api/docs)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('documents every registered route, and no route that does not exist', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(90);
    expect(compareWithRoutes(t.app.routeTable)).toEqual({ undocumented: [], unregistered: [] });
  });

  it('the comparison names a route missing from the description and an entry without a route', () => {
    const routes = [
      { method: 'GET', url: '/api/students/:id/progress' },
      { method: 'POST', url: '/api/new-thing/:id' },
    ];
    const docs = {
      'GET /api/students/{id}/progress': catalogue['GET /api/students/{id}/progress']!,
      'GET /api/gone': catalogue['GET /api/health']!,
    };
    expect(compareWithRoutes(routes, docs)).toEqual({ undocumented: ['POST /api/new-thing/{id}'], unregistered: ['GET /api/gone'] });
  });

  it('serves an OpenAPI 3.1 document: every operation has a summary, roles, path parameters and shared schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, Op>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([m, op]) => ({ path, m, op })));
    expect(ops).toHaveLength(Object.keys(catalogue).length);
    for (const { path, op } of ops) {
      expect(op.summary.length, path).toBeGreaterThan(5);
      expect(Array.isArray(op['x-roles']), path).toBe(true);
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(op.parameters?.filter((p) => p.in === 'path').map((p) => p.name) ?? [], path).toEqual(inPath);
      expect(op.responses.default, path).toBeDefined();
    }
    // Bodies come from the shared zod schemas (packages/shared), as the routes validate them.
    const login = doc.paths['/api/auth/login']!.post!;
    expect(login.security).toEqual([]);
    expect(login.requestBody!.content['application/json']!.schema).toMatchObject({ required: ['email', 'password'] });
    const patch = doc.paths['/api/students/{id}']!.patch!;
    expect(patch['x-roles']).toEqual(['guide']);
    expect(patch.security).toEqual([{ session: [] }]);
    expect(Object.keys(patch.requestBody!.content['application/json']!.schema.properties!)).toEqual([
      'name',
      'email',
      'batchId',
      'password',
    ]);
    const analytics = doc.paths['/api/analytics']!.get!;
    expect(analytics.parameters).toContainEqual(expect.objectContaining({ name: 'courseId', in: 'query', required: true }));
    expect(doc.components.schemas.ApiError).toMatchObject({ required: ['type', 'message'] });
  });

  it('answers /api/docs with a page to a browser and the JSON to anything else', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers.vary).toMatch(/accept/i);
    expect(page.body).toContain('<code>/api/students/{id}/progress</code>');
    expect(page.body).toContain('Roles: guide.');
    expect(page.body).not.toContain('<script');
    const json = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { accept: '*/*' } });
    expect(json.json().openapi).toBe('3.1.0');
  });
});
