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
