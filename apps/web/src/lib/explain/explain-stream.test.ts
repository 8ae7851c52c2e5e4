import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPLAIN_FAILED } from '@learn/shared';
import { setUnauthenticatedHandler } from '../api-client';
import { sseParser, streamExplanation } from './explain-stream';

describe('streamExplanation refusals', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthenticatedHandler(undefined);
  });

  it('sends the user to sign in when the session has ended (401), like every other call', async () => {
    const signIn = vi.fn();
    setUnauthenticatedHandler(signIn);
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ message: 'Authentication required' }), { status: 401 }));
    await expect(streamExplanation({ code: 'x = 1', language: 'python' }, () => {}, new AbortController().signal)).rejects.toThrow(
      EXPLAIN_FAILED,
    );
    expect(signIn).toHaveBeenCalledOnce();
  });

  it('says a rate limit in the user words and does not sign them out', async () => {
    const signIn = vi.fn();
    setUnauthenticatedHandler(signIn);
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ message: 'Wait 30 s and try again.' }), { status: 429 }));
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
