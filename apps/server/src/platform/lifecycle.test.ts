import { Agent, request } from 'node:http';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createTestDeps, GUIDE_EMAIL, GUIDE_PASSWORD } from '../../test/harness.js';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A listening app with a route that answers when `release` is called. */
async function appWithSlowRoute() {
  const { deps, drop } = await createTestDeps('sqlite');
  const app: FastifyInstance = await buildApp(deps);
  let release = () => {};
  let arrived = () => {};
  const arrival = new Promise<void>((r) => (arrived = r));
  app.get('/test/slow', { config: { public: true } }, async () => {
    arrived();
    await new Promise<void>((r) => (release = r));
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  close = async () => {
    await app.close();
    await drop();
  };
  const port = (app.server.address() as { port: number }).port;
  return { app, port, arrival, release: () => release() };
}

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  return ok();
};

describe('requests under way (what a shutdown waits for)', () => {
  it('counts a request from its arrival until it is answered', async () => {
    const { app, port, arrival, release } = await appWithSlowRoute();
    expect(app.lifecycle.inFlight).toBe(0);
    const answer = fetch(`http://127.0.0.1:${port}/test/slow`);
    await arrival;
    expect(app.lifecycle.inFlight).toBe(1);
    await fetch(`http://127.0.0.1:${port}/api/health/live`);
    expect(await until(() => app.lifecycle.inFlight === 1)).toBe(true);
    release();
    expect((await answer).status).toBe(200);
    expect(await until(() => app.lifecycle.inFlight === 0)).toBe(true);
  });

  it('counts requests, not connections: an idle kept-alive connection and an open WebSocket are not under way', async () => {
    const { app, port, arrival, release } = await appWithSlowRoute();
    // A kept-alive connection, idle after its answer.
    const agent = new Agent({ keepAlive: true });
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ port, host: '127.0.0.1', path: '/api/health/live', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(200);
    // An open WebSocket (the live channel, signed in).
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: GUIDE_EMAIL, password: GUIDE_PASSWORD }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, { headers: { cookie } });
    await new Promise((resolve, reject) => (ws.on('open', resolve), ws.on('error', reject)));
    expect(await until(() => app.lifecycle.inFlight === 0)).toBe(true);
    // With those two connections open, one request under way counts one.
    const answer = fetch(`http://127.0.0.1:${port}/test/slow`);
    await arrival;
    expect(app.lifecycle.inFlight).toBe(1);
    release();
    expect((await answer).status).toBe(200);
    expect(await until(() => app.lifecycle.inFlight === 0)).toBe(true);
    ws.terminate();
    agent.destroy();
  });

  it('stops counting a request whose client went away before the answer', async () => {
    const { app, port, arrival, release } = await appWithSlowRoute();
    const req = request({ port, host: '127.0.0.1', path: '/test/slow' });
    req.on('error', () => {});
    req.end();
    await arrival;
    expect(app.lifecycle.inFlight).toBe(1);
    req.destroy();
    expect(await until(() => app.lifecycle.inFlight === 0)).toBe(true);
    release();
    await new Promise((r) => setTimeout(r, 50));
    expect(app.lifecycle.inFlight).toBe(0);
  });
});
