import { describe, expect, it } from 'vitest';
import { MutationObserver } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { server } from '../testing/server';
import { reply, replyError } from '../testing/handlers';
import { api } from './api-client';
import { createQueryClient } from './query-client';
import { idempotentRetry, retryDelay } from './retry-policy';

/** Answers `/api/things` with each response in turn (the last one repeats) and counts the requests. */
function things(method: 'get' | 'post' | 'put', ...answers: Array<() => Response>) {
  const seen = { count: 0 };
  server.use(http[method]('*/api/things', () => answers[Math.min(seen.count++, answers.length - 1)]!()));
  return seen;
}
// The retry policy is the app's; only the pause is cut so the test does not wait for it.
const read = (client = createQueryClient()) =>
  client.fetchQuery({ queryKey: ['things'], queryFn: () => api<{ ok: boolean }>('things'), retryDelay: 0 });

describe('the query client retry policy', () => {
  it('retries a network error and a 5xx, then succeeds', async () => {
    const seen = things(
      'get',
      () => HttpResponse.error(),
      () => replyError(503, 'down'),
      () => reply(200, { ok: true }),
    );
    await expect(read()).resolves.toEqual({ ok: true });
    expect(seen.count).toBe(3);
  });

  it('gives up after three tries', async () => {
    const seen = things('get', () => replyError(500, 'broken'));
    await expect(read()).rejects.toMatchObject({ type: 'SERVER', code: 500 });
    expect(seen.count).toBe(3);
  });

  it('does not retry a 4xx', async () => {
    const seen = things('get', () => replyError(404, 'Resource not found'));
    await expect(read()).rejects.toMatchObject({ type: 'NOT_FOUND', message: 'Resource not found', code: 404 });
    expect(seen.count).toBe(1);
  });

  it('does not repeat a mutation unless it opts in as idempotent', async () => {
    const client = createQueryClient();
    const post = things('post', () => replyError(500, 'broken'));
    const create = new MutationObserver(client, { mutationFn: () => api('things', { method: 'POST', body: {} }) });
    await expect(create.mutate()).rejects.toMatchObject({ type: 'SERVER' });
    expect(post.count).toBe(1);

    const put = things(
      'put',
      () => replyError(502, 'bad gateway'),
      () => reply(200, { ok: true }),
    );
    const set = new MutationObserver(client, {
      mutationFn: () => api('things', { method: 'PUT', body: { v: 1 } }),
      ...idempotentRetry,
      retryDelay: 0,
    });
    await expect(set.mutate()).resolves.toEqual({ ok: true });
    expect(put.count).toBe(2);
  });

  it('waits longer before each retry, with jitter, never more than 12 s', () => {
    for (let i = 0; i < 20; i++) {
      const [a, b, c] = [0, 1, 2].map(retryDelay);
      expect(a!).toBeGreaterThanOrEqual(240);
      expect(a!).toBeLessThan(b!);
      expect(b!).toBeLessThan(c!);
      expect(retryDelay(10)).toBeLessThanOrEqual(12_000);
    }
  });
});

describe('api client', () => {
  it('reports an answer that is not JSON as a SERVER error, and sends a request once', async () => {
    const seen = things('get', () => new HttpResponse('<html>oops</html>', { status: 200 }));
    await expect(api('things')).rejects.toMatchObject({ type: 'SERVER', details: 'Invalid response format' });
    const down = things('get', () => replyError(503, 'down'));
    await expect(api('things')).rejects.toMatchObject({ type: 'SERVER', code: 503 });
    expect(seen.count + down.count).toBe(2);
  });
});
