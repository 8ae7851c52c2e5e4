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

async function appLoggingTo(lines: string[], env: Record<string, string> = {}): Promise<FastifyInstance> {
  const { deps, drop } = await createTestDeps('sqlite', { LOG_LEVEL: 'info', ...env });
  const app = await buildApp({ ...deps, logOut: { write: (l) => lines.push(l) } });
  await app.ready();
  close = async () => {
    await app.close();
    await drop();
  };
  return app;
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
    const app = await appLoggingTo(lines);
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/health/live?search=Zelda%20Secretname' });
    await app.inject({ method: 'GET', url: '/api/auth/me' });
    await app.inject({ method: 'GET', url: '/api/no"such\\route' });
    const requests = parsed(lines).filter((o) => o.req);
    expect(requests).toHaveLength(3);
    expect(requests[2]).toMatchObject({ req: { url: '/api/no%22such/route' }, res: { statusCode: 404 } });
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
    const { deps, drop } = await createTestDeps('sqlite', { LOG_LEVEL: 'info' });
    const app = await buildApp({ ...deps, logOut: { write: (l) => lines.push(l) } });
    close = async () => {
      await app.close();
      await drop();
    };
    app.get('/test/log-lines', (request) => {
      request.log.debug('not at info');
      request.log.warn({ detail: 7 }, 'a warning of this request');
      return { ok: true };
    });
    app.get('/test/fails', () => {
      throw new Error('kaboom');
    });
    await app.ready();
    lines.length = 0;
    expect((await app.inject({ method: 'GET', url: '/test/log-lines' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/test/fails' })).statusCode).toBe(500);
    const all = parsed(lines);
    const warning = all.find((o) => o.msg === 'a warning of this request') as Line & { detail?: number };
    const completed = all.filter((o) => o.msg === 'request completed');
    expect(warning).toMatchObject({ level: 40, detail: 7 });
    expect(warning.reqId).toBe(completed[0]!.reqId);
    expect(all.some((o) => o.msg === 'not at info')).toBe(false);
    const failed = all.filter((o) => o.req?.url === '/test/fails');
    expect(failed.length).toBeGreaterThan(0);
    expect(new Set(failed.map((o) => o.reqId)).size).toBe(1);
    expect(failed[0]!.reqId).not.toBe(warning.reqId);
    expect(lines.join('')).toContain('kaboom');
  });

  it('nothing per request below info (LOG_LEVEL=warn)', async () => {
    const lines: string[] = [];
    const app = await appLoggingTo(lines, { LOG_LEVEL: 'warn' });
    await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(parsed(lines).filter((o) => o.req)).toHaveLength(0);
  });
});
