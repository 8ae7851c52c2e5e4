import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installSecurityHeaders } from './security-headers.js';

describe('security headers', () => {
  it('isolate the page (COOP + COEP) and let the Python worker compile WebAssembly', async () => {
    const app = Fastify();
    installSecurityHeaders(app);
    app.get('/', async () => 'page');
    const res = await app.inject({ url: '/' });
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-embedder-policy']).toBe('require-corp');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(res.headers['x-frame-options']).toBe('DENY');
    await app.close();
  });
});

describe('security headers of API answers', () => {
  it("are OWASP's set for a REST answer: no caching, no sniffing, no framing, nothing loaded if opened", async () => {
    const app = Fastify();
    installSecurityHeaders(app);
    app.get('/api/thing', async () => ({ ok: true }));
    app.get('/api/cached', async (_request, reply) => reply.header('cache-control', 'private, no-cache').send({ ok: true }));
    const res = await app.inject({ url: '/api/thing' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    // A route's own caching is kept (the lecture read revalidates).
    expect((await app.inject({ url: '/api/cached' })).headers['cache-control']).toBe('private, no-cache');
    // HSTS only over https (behind a proxy that says so).
    expect(res.headers['strict-transport-security']).toBeUndefined();
    await app.close();
  });

  it('an answer for an encoded API path (/%61pi/...) is judged by its routed path and gets the API set', async () => {
    const app = Fastify();
    installSecurityHeaders(app);
    app.get('/api/thing', async () => ({ ok: true }));
    const res = await app.inject({ url: '/%61pi/thing' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    await app.close();
  });
});

describe('an HTML answer under /api (the API description for a browser)', () => {
  it("is a page: it gets the page's policy, so its styles load", async () => {
    const app = Fastify();
    installSecurityHeaders(app);
    app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>docs</p>'));
    const res = await app.inject({ url: '/api/docs' });
    expect(String(res.headers['content-security-policy'])).toContain("style-src 'self' 'unsafe-inline'");
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    await app.close();
  });
});
