import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../../test/harness.js';
import { canReadMetrics } from './policy.js';

const TOKEN = 'metrics-token-0123456789';

describe('canReadMetrics', () => {
  it.each([
    [undefined, undefined, 'off'],
    [undefined, `Bearer ${TOKEN}`, 'off'],
    [TOKEN, undefined, 'refused'],
    [TOKEN, 'Bearer wrong', 'refused'],
    [TOKEN, TOKEN, 'refused'],
    [TOKEN, `Bearer ${TOKEN}x`, 'refused'],
    [TOKEN, `Bearer ${TOKEN}`, 'allowed'],
  ] as const)('token %s, header %s -> %s', (configured, header, expected) => {
    expect(canReadMetrics(configured, header)).toBe(expected);
  });
});

/** Issue 18: Prometheus metrics behind a token, and the load balancer's probes. */
describe.each(engines)('metrics and probes (%s)', (engine) => {
  let t: TestApp;
  let guide: string;
  beforeAll(async () => {
    t = await createTestApp(engine, { METRICS_TOKEN: TOKEN });
    guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
  });
  afterAll(() => t.close());

  it('refuses /metrics without the token, even to a signed-in guide', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { cookie: guide } })).statusCode).toBe(401);
  });

  it('reports request latency by route pattern (never the raw URL), the runner queue, sockets and Node figures', async () => {
    await t.app.inject({ url: '/api/lectures/python-day-3', headers: { cookie: guide } });
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(
      /learn_http_request_duration_seconds_count\{method="GET",route="\/api\/lectures\/:lectureId",status="2xx"\} 1/,
    );
    expect(res.body).not.toContain('python-day-3');
    expect(res.body).toMatch(/learn_websocket_connections 0/);
    expect(res.body).toMatch(/learn_pubsub_connected 1/);
    expect(res.body).toMatch(/learn_process_cpu_user_seconds_total/);
    if (engine === 'postgres') expect(res.body).toMatch(/learn_db_pool_connections\{state="total"\}/);
    expect(res.body).not.toMatch(/guide@example\.com|password/i);
  });

  it('answers live always, and ready 503 once the instance is draining', async () => {
    expect((await t.app.inject({ url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ ready: true, draining: false, database: true, pubsub: { kind: 'in-process', connected: true } });
    t.app.lifecycle.draining = true;
    try {
      const draining = await t.app.inject({ url: '/api/health/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ ready: false, draining: true });
      expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
  });
});
