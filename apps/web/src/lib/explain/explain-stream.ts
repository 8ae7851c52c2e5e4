import { EXPLAIN_FAILED, type ExplainRequest } from '@learn/shared';
import { sessionEnded } from '../api-client';
import { errorFromResponse } from '../errors';

/** Why an explanation stopped: the server's own words for a refusal (429, 400), else the spec's failure text. */
export class ExplainError extends Error {}

/** Splits a server-sent event stream into events; `feed` returns the complete ones, keeping a partial tail. */
export function sseParser() {
  let buffer = '';
  return function feed(chunk: string): { event: string; data: string }[] {
    buffer += chunk.replace(/\r\n?/g, '\n');
    const out: { event: string; data: string }[] = [];
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length) out.push({ event, data: data.join('\n') });
    }
    return out;
  };
}

/**
 * POST /api/explain and hands each piece of text to `onText` as it arrives. Resolves when the server says
 * done; rejects with an ExplainError (the message to show) on a refusal or a failure. Aborting `signal`
 * closes the request, and the server then stops its call to the provider.
 */
export async function streamExplanation(request: ExplainRequest, onText: (piece: string) => void, signal: AbortSignal): Promise<void> {
  let res: Response;
  try {
    res = await fetch('/api/explain', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(request),
      signal,
      cache: 'no-store',
    });
  } catch (err) {
    if (signal.aborted) throw err;
    throw new ExplainError(EXPLAIN_FAILED);
  }
  if (!res.ok) {
    // The session ended meanwhile: to the sign-in page, as every other call does.
    if (res.status === 401) sessionEnded();
    const error = errorFromResponse(res.status, res.statusText, await res.text().catch(() => ''), 'POST explain');
    // A refusal in the user's words (too many requests, code too long); anything else is the failure text.
    throw new ExplainError(
      res.status === 429 || (res.status >= 400 && res.status < 500 && res.status !== 401) ? error.message : EXPLAIN_FAILED,
    );
  }
  if (!res.body) throw new ExplainError(EXPLAIN_FAILED);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const feed = sseParser();
  for (;;) {
    let chunk: ReadableStreamReadResult<string>;
    try {
      chunk = await reader.read();
    } catch (err) {
      if (signal.aborted) throw err;
      throw new ExplainError(EXPLAIN_FAILED);
    }
    if (chunk.done) throw new ExplainError(EXPLAIN_FAILED); // the stream ended without "done"
    for (const { event, data } of feed(chunk.value)) {
      const payload = JSON.parse(data) as { text?: string; message?: string };
      if (event === 'done') return void reader.cancel().catch(() => {});
      if (event === 'error') throw new ExplainError(payload.message || EXPLAIN_FAILED);
      if (payload.text) onText(payload.text);
    }
  }
}
