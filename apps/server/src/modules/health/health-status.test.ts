import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { RedisPubSub } from '../../platform/redis-pubsub.js';
import { overallStatus } from './service.js';

/** Issue 31: /api/health says "degraded", and why, when code running or Redis is off; probes while draining. */
describe('health states', () => {
  it('ok, degraded with each reason, or error', () => {
    const up = { ok: true };
    const runner = { available: true, reason: null };
    expect(overallStatus(up, runner, { kind: 'memory', connected: true })).toEqual({ status: 'ok', reasons: [] });
    expect(overallStatus(up, null, { kind: 'memory', connected: true }).status).toBe('ok');
    const off = overallStatus(up, { available: false, reason: 'bubblewrap was not found' }, { kind: 'redis', connected: false });
    expect(off.status).toBe('degraded');
    expect(off.reasons).toEqual([
      'Code running is off: bubblewrap was not found',
      'Redis does not answer: live events reach this instance only.',
    ]);
    expect(overallStatus({ ok: false }, runner, { kind: 'memory', connected: true }).status).toBe('error');
    const perProcess = { available: true, reason: null, isolation: { warning: 'runs are limited per process only (cgroup v1: ...)' } };
    expect(overallStatus(up, perProcess, { kind: 'memory', connected: true })).toEqual({
      status: 'degraded',
      reasons: ['Code running is not fully isolated: runs are limited per process only (cgroup v1: ...)'],
    });
  });

  describe('on a server without bubblewrap and with its Redis away', () => {
    let t: TestApp;
    let pubsub: RedisPubSub;
    beforeAll(async () => {
      t = await createTestApp('sqlite', { RUNNER_BWRAP_PATH: '/nonexistent/bwrap' });
      pubsub = new RedisPubSub('redis://127.0.0.1:1', { info: () => {}, warn: () => {} }, 'test-health');
    });
    afterAll(async () => {
      await pubsub.close();
      await t.close();
    });

    it('/api/health answers 200 "degraded" with both reasons', async () => {
      const res = await t.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('degraded');
      expect(res.json().reasons).toEqual([expect.stringMatching(/^Code running is off: .*bubblewrap/)]);
      const other = await t.restart({ pubsub });
      try {
        const body = (await other.inject({ url: '/api/health' })).json();
        expect(body.status).toBe('degraded');
        expect(body.reasons).toContain('Redis does not answer: live events reach this instance only.');
      } finally {
        await other.close();
      }
    });

    it('while draining, readiness answers 503 and liveness 200', async () => {
      expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
      t.app.lifecycle.draining = true;
      const ready = await t.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ ready: false, draining: true });
      expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
      t.app.lifecycle.draining = false;
    });
  });
});
