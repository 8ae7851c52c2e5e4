import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, backoffMs } from './api-client';

function respond(status: number, body: string, statusText = '') {
  return new Response(body, { status, statusText });
}

describe('api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('retries network errors and 5xx with backoff, then succeeds', async () => {
    vi.useFakeTimers();
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(respond(503, '{"type":"SERVER","message":"down"}'))
      .mockResolvedValueOnce(respond(200, '{"ok":true}'));
    vi.stubGlobal('fetch', fetchMock);
    const result = api<{ ok: boolean }>('things');
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    vi.useRealTimers();
  });

  it('does not retry a 4xx', async () => {
    const fetchMock = vi.fn().mockResolvedValue(respond(404, '{"type":"NOT_FOUND","message":"Resource not found"}'));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('missing')).rejects.toMatchObject({ type: 'NOT_FOUND', message: 'Resource not found', code: 404 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not repeat a POST unless asked', async () => {
    const fetchMock = vi.fn().mockResolvedValue(respond(500, ''));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('things', { method: 'POST', body: {} })).rejects.toMatchObject({ type: 'SERVER' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reports an answer that is not JSON as a SERVER error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(respond(200, '<html>oops</html>')));
    await expect(api('things', { retries: 0 })).rejects.toMatchObject({ type: 'SERVER', details: 'Invalid response format' });
  });

  it('backs off more on each retry', () => {
    const [a, b, c] = [1, 2, 3].map(backoffMs);
    expect(a!).toBeLessThan(b!);
    expect(b!).toBeLessThan(c!);
  });
});
