import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createTestDeps } from '../../test/harness.js';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/**
 * An app writing its log lines to `lines`, listening on a port of its own: request lines are written when Node
 * has sent the answer on a socket (request-log.ts), which `app.inject` has not. `get` fetches a path from it.
 */
async function appLoggingTo(
  lines: string[],
  env: Record<string, string> = {},
  routes: (app: FastifyInstance) => void = () => {},
): Promise<{ app: FastifyInstance; get: (path: string, headers?: Record<string, string>) => Promise<Response> }> {
  const { deps, drop } = await createTestDeps('sqlite', { LOG_LEVEL: 'info', ...env });
  const app = await buildApp({ ...deps, logOut: { write: (l) => lines.push(l) } });
  routes(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  close = async () => {
    await app.close();
    await drop();
  };
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, get: (path, headers) => fetch(`${base}${path}`, { headers }) };
}

interface Line {
  level: number;
  time: number;
  pid: number;
  hostname: string;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
  reqId?: string;
}
const parsed = (lines: string[]) => lines.flatMap((l) => l.split('\n').filter(Boolean)).map((l) => JSON.parse(l) as Line);

describe('request log', () => {
  it('one JSON line per answered request: method, path without its query, status, time, request id', async () => {
    const lines: string[] = [];
    const { get } = await appLoggingTo(lines);
    lines.length = 0;
    await get('/api/health/live?search=Zelda%20Secretname');
    await get('/api/auth/me');
    await get('/api/no%22such%5Croute');
    const requests = parsed(lines).filter((o) => o.req);
    expect(requests).toHaveLength(3);
    expect(requests[2]).toMatchObject({ req: { url: '/api/no%22such%5Croute' }, res: { statusCode: 404 } });
    expect(requests[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/health/live' },
      res: { statusCode: 200 },
    });
    expect(requests[1]).toMatchObject({ req: { method: 'GET', url: '/api/auth/me' }, res: { statusCode: 401 } });
    for (const r of requests) {
      expect(r).toMatchObject({ pid: process.pid, hostname: hostname() });
      expect(Math.abs(r.time - Date.now())).toBeLessThan(60_000);
      expect(typeof r.responseTime).toBe('number');
      expect(typeof r.reqId).toBe('string');
    }
    expect(lines.join('')).not.toContain('Secretname');
    expect(lines.join('')).not.toContain('incoming request');
  });

  it("a request's own lines carry its id, as its request line does", async () => {
    const lines: string[] = [];
    const { get } = await appLoggingTo(lines, {}, (app) => {
      app.get('/test/log-lines', (request) => {
        request.log.debug('not at info');
        request.log.warn({ detail: 7 }, 'a warning of this request');
        return { ok: true };
      });
      app.get('/test/fails', () => {
        throw new Error('kaboom');
      });
    });
    lines.length = 0;
    expect((await get('/test/log-lines')).status).toBe(200);
    expect((await get('/test/fails')).status).toBe(500);
    const all = parsed(lines);
    const warning = all.find((o) => o.msg === 'a warning of this request') as Line & { detail?: number };
    const completed = all.filter((o) => o.msg === 'request completed');
    expect(warning).toMatchObject({ level: 40, detail: 7 });
    expect(warning.reqId).toBe(completed[0]!.reqId);
    expect(all.some((o) => o.msg === 'not at info')).toBe(false);
    const failedLine = completed.find((o) => o.req?.url === '/test/fails')!;
    expect(failedLine).toMatchObject({ level: 30, res: { statusCode: 500 } });
    const errorLine = all.find((o) => o.msg === 'request failed') as Line & { err?: { message: string } };
    expect(errorLine).toMatchObject({ level: 50, err: { message: 'kaboom' } });
    expect(errorLine.reqId).toBe(failedLine.reqId);
    expect(failedLine.reqId).not.toBe(warning.reqId);
  });

  it("the app's own lines still go out (Fastify's listening line), and an address the router refuses has its line", async () => {
    const lines: string[] = [];
    const { get } = await appLoggingTo(lines);
    expect(parsed(lines).some((o) => o.level === 30 && /^Server listening at http:\/\/127\.0\.0\.1:\d+$/.test(o.msg))).toBe(true);
    lines.length = 0;
    // A malformed escape: answered by the framework-error handler, before any hook.
    expect((await get('/api/lectures/%E0%A4%A')).status).toBe(400);
    const [line, ...more] = parsed(lines).filter((o) => o.req);
    expect(more).toHaveLength(0);
    expect(line).toMatchObject({ req: { method: 'GET', url: '/api/lectures/%E0%A4%A' }, res: { statusCode: 400 } });
    expect(typeof line!.reqId).toBe('string');
    expect(line!.responseTime).toBeGreaterThanOrEqual(0);
  });

  it("each app writes its own requests' lines only, and a proxy's client address when the proxy is trusted", async () => {
    const mine: string[] = [];
    const theirs: string[] = [];
    const { get } = await appLoggingTo(mine, { TRUST_PROXY: 'true' });
    const other = await (async () => {
      const { deps, drop } = await createTestDeps('sqlite', { LOG_LEVEL: 'info' });
      const app = await buildApp({ ...deps, logOut: { write: (l) => theirs.push(l) } });
      await app.listen({ port: 0, host: '127.0.0.1' });
      return { app, drop };
    })();
    try {
      mine.length = 0;
      theirs.length = 0;
      await get('/api/health/live', { 'x-forwarded-for': '203.0.113.7' });
      const port = (other.app.server.address() as AddressInfo).port;
      await fetch(`http://127.0.0.1:${port}/api/auth/me`, { headers: { 'x-forwarded-for': '203.0.113.8' } });
      const mineLines = parsed(mine).filter((o) => o.req) as (Line & { req: { remoteAddress: string } })[];
      const theirLines = parsed(theirs).filter((o) => o.req) as (Line & { req: { remoteAddress: string } })[];
      expect(mineLines.map((o) => [o.req.url, o.req.remoteAddress])).toEqual([['/api/health/live', '203.0.113.7']]);
      // Not trusted there: the socket's own address.
      expect(theirLines.map((o) => [o.req.url, o.req.remoteAddress])).toEqual([['/api/auth/me', '127.0.0.1']]);
    } finally {
      await other.app.close();
      await other.drop();
    }
  });

  it('an answer still being sent when the app closes has its line', async () => {
    const lines: string[] = [];
    let arrived!: () => void;
    const started = new Promise<void>((r) => (arrived = r));
    const { app, get } = await appLoggingTo(lines, {}, (app) => {
      app.get('/test/slow', async () => {
        arrived();
        await new Promise((r) => setTimeout(r, 300));
        return { ok: true };
      });
    });
    // (its connection closes with it: a kept-alive one would keep the server open for its idle timeout)
    const slow = get('/test/slow', { connection: 'close' });
    await started;
    const closing = app.close();
    expect((await slow).status).toBe(200);
    await closing;
    expect(parsed(lines).filter((o) => o.req?.url === '/test/slow')).toMatchObject([{ res: { statusCode: 200 } }]);
  });

  it('nothing per request below info (LOG_LEVEL=warn)', async () => {
    const lines: string[] = [];
    const { get } = await appLoggingTo(lines, { LOG_LEVEL: 'warn' });
    expect((await get('/api/health/live')).status).toBe(200);
    expect(parsed(lines).filter((o) => o.req)).toHaveLength(0);
  });
});
