import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPLAIN_FAILED } from '@learn/shared';
import { setUnauthenticatedHandler } from '../api-client';
import { sseParser, streamExplanation } from './explain-stream';
import { http } from 'msw';
import { server } from '../../testing/server';
import { replyError } from '../../testing/handlers';

describe('streamExplanation refusals', () => {
  afterEach(() => setUnauthenticatedHandler(undefined));

  it('sends the user to sign in when the session has ended (401), like every other call', async () => {
    const signIn = vi.fn();
    setUnauthenticatedHandler(signIn);
    server.use(http.post('*/api/explain', () => replyError(401, 'Authentication required')));
    await expect(streamExplanation({ code: 'x = 1', language: 'python' }, () => {}, new AbortController().signal)).rejects.toThrow(
      EXPLAIN_FAILED,
    );
    expect(signIn).toHaveBeenCalledOnce();
  });

  it('says a rate limit in the user words and does not sign them out', async () => {
    const signIn = vi.fn();
    setUnauthenticatedHandler(signIn);
    server.use(http.post('*/api/explain', () => replyError(429, 'Wait 30 s and try again.')));
    await expect(streamExplanation({ code: 'x = 1', language: 'python' }, () => {}, new AbortController().signal)).rejects.toThrow(
      'Wait 30 s',
    );
    expect(signIn).not.toHaveBeenCalled();
  });
});

describe('the server-sent event reader', () => {
  it('keeps a partial event until its end arrives', () => {
    const feed = sseParser();
    expect(feed('data: {"text":"a"}\n\ndata: {"te')).toEqual([{ event: 'message', data: '{"text":"a"}' }]);
    expect(feed('xt":"b"}\n\nevent: done\ndata: {}\n\n')).toEqual([
      { event: 'message', data: '{"text":"b"}' },
      { event: 'done', data: '{}' },
    ]);
  });
});
