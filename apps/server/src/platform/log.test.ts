import { describe, expect, it } from 'vitest';
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { batchedLines, flushLogs, stdoutLines } from './log-batch.js';
import { createLog, prettyLine, requestForLog } from './log.js';
import { jsonString, requestLineFormat } from './request-log.js';

describe('logs', () => {
  it('JSON: one pino-format object per line, at or above the level', () => {
    const lines: string[] = [];
    const log = createLog({ level: 'info', format: 'json' }, { write: (l) => lines.push(l) });
    log.debug('hidden');
    log.warn('Redis away', { retry: true });
    expect(lines).toHaveLength(1);
    const o = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(o).toMatchObject({ level: 40, msg: 'Redis away', retry: true, pid: process.pid });
    expect(typeof o.time).toBe('number');
    expect(lines[0]!.endsWith('\n')).toBe(true);
  });

  it('pretty (npm run dev): time, level, message, request and status on one line', () => {
    const line = prettyLine(
      JSON.stringify({
        level: 30,
        time: Date.UTC(2026, 0, 1, 9, 5, 7, 123),
        pid: 1,
        hostname: 'h',
        req: { method: 'GET', url: '/api/health' },
        msg: 'incoming request',
      }),
    );
    expect(line).toBe('09:05:07.123 INFO  incoming request GET /api/health\n');
    const lines: string[] = [];
    createLog({ level: 'debug', format: 'pretty' }, { write: (l) => lines.push(l) }).debug('job done', { job: 'session purge' });
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} DEBUG job done \{"job":"session purge"\}\n$/);
  });

  it('a request is logged without its query string (no user text from the address)', () => {
    expect(requestForLog({ method: 'GET', url: '/api/chat/conversations?search=Zelda%20Secretname', ip: '10.0.0.9' })).toEqual({
      method: 'GET',
      url: '/api/chat/conversations',
      remoteAddress: '10.0.0.9',
    });
  });
});

describe('batched log lines', () => {
  it('gathers lines and writes them together: when the batch is full, when flushed, and at close', () => {
    const writes: string[] = [];
    const batch = batchedLines({ write: (chunk) => writes.push(chunk) }, 30);
    batch.write('{"a":1}\n');
    batch.write('{"b":2}\n');
    expect(writes).toEqual([]);
    batch.write('{"c":"a longer line"}\n');
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n{"c":"a longer line"}\n']);
    batch.write('{"d":4}\n');
    flushLogs(); // what the process does at exit
    expect(writes.at(-1)).toBe('{"d":4}\n');
    batch.write('{"e":5}\n');
    batch.close();
    batch.write('{"f":6}\n'); // after close: written at once
    expect(writes.slice(2)).toEqual(['{"e":5}\n', '{"f":6}\n']);
  });

  it('composes a line kept for later in its place: before a line written after it, when flushed, and at close', () => {
    const writes: string[] = [];
    const batch = batchedLines({ write: (chunk) => writes.push(chunk) });
    let composed = 0;
    const format = (r: { n: number }) => (composed++, `{"n":${r.n}}\n`);
    batch.later({ n: 1 }, format);
    batch.later({ n: 2 }, format);
    expect(composed).toBe(0); // nothing composed while the batch gathers
    batch.write('{"direct":3}\n');
    batch.later({ n: 4 }, format);
    flushLogs();
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n{"direct":3}\n{"n":4}\n']);
    batch.later({ n: 5 }, format);
    batch.close();
    batch.later({ n: 6 }, format); // after close: written at once
    expect(writes.slice(1)).toEqual(['{"n":5}\n', '{"n":6}\n']);
    expect(composed).toBe(5);
  });

  it('writes the kept lines once enough of them are kept, without waiting for the timer', () => {
    const writes: string[] = [];
    const batch = batchedLines({ write: (chunk) => writes.push(chunk) });
    for (let n = 0; n < 1000; n++) batch.later({ n }, (r) => `${r.n}\n`);
    expect(writes.length).toBeGreaterThan(0);
    batch.close();
    expect(writes.join('').split('\n').filter(Boolean).map(Number)).toEqual([...Array(1000).keys()]);
  });
});

describe('lines written directly and batched lines, to the same output', () => {
  it('stay in time order: what a batch gathered is written before a direct line', () => {
    const out: string[] = [];
    const sink = { write: (chunk: string) => void out.push(chunk) };
    const batch = batchedLines(sink);
    const log = createLog({ level: 'info', format: 'json' }, sink);
    batch.write('{"msg":"Server listening"}\n');
    log.info('Learn is serving');
    batch.write('{"msg":"request completed"}\n');
    batch.close();
    const msgs = out.flatMap((c) => c.split('\n').filter(Boolean)).map((l) => (JSON.parse(l) as { msg: string }).msg);
    expect(msgs).toEqual(['Server listening', 'Learn is serving', 'request completed']);
  });
});

describe('batched log lines to a file descriptor', () => {
  it('writes every line, in order, as UTF-8: across batches, lines longer than a batch, and at exit', () => {
    const dir = mkdtempSync(join(tmpdir(), 'learn-log-batch-'));
    const fd = openSync(join(dir, 'out.log'), 'w');
    try {
      const batch = batchedLines(stdoutLines(fd), 64);
      const lines = [
        '{"a":1}\n',
        `{"text":"${'é'.repeat(40)}"}\n`,
        '{"b":"日本語 and 🙂"}\n',
        `{"long":"${'x'.repeat(500)}"}\n`,
        ...Array.from({ length: 50 }, (_, i) => `{"n":${i}}\n`),
      ];
      for (const line of lines) batch.write(line);
      flushLogs();
      expect(readFileSync(join(dir, 'out.log'), 'utf8')).toBe(lines.join(''));
      batch.close();
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('JSON strings in the request line', () => {
  it('quotes plain text as it is and escapes anything JSON must, as JSON.stringify does', () => {
    const samples = ['GET', '/api/lectures/python-day-20', '127.0.0.1', '::ffff:10.0.0.1', 'req-1a', ''];
    const hostile = ['/a"b', '/a\\b', '/a\nb', '/a\u0000b', '/a\u001fb', '/a\u007fb', '/é', '/\u2028', '/\ud800'];
    for (const s of [...samples, ...hostile]) {
      expect(jsonString(s)).toBe(JSON.stringify(s));
      expect(JSON.parse(jsonString(s))).toBe(s);
    }
    expect(jsonString(undefined)).toBe('null');
    expect(jsonString(42)).toBe('null');
  });
});

describe('the request line', () => {
  const format = requestLineFormat(4321, 'host "a"');
  const line = { time: 1_800_000_000_000, id: 'req-1z', method: 'GET', url: '/api/x?q=Secret', ip: '10.0.0.9', status: 200, ms: 1.23456 };

  it("is pino's JSON: the path without its query, the time taken to the microsecond", () => {
    const text = format(line);
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text)).toEqual({
      level: 30,
      time: 1_800_000_000_000,
      pid: 4321,
      hostname: 'host "a"',
      reqId: 'req-1z',
      req: { method: 'GET', url: '/api/x', remoteAddress: '10.0.0.9' },
      res: { statusCode: 200 },
      responseTime: 1.235,
      msg: 'request completed',
    });
  });

  it('leaves out the id and the time taken of a request whose arrival was not noted (a 503 while closing)', () => {
    const o = JSON.parse(format({ ...line, id: undefined, ms: undefined, ip: undefined, status: 503 })) as Record<string, unknown>;
    expect(o).not.toHaveProperty('reqId');
    expect(o).not.toHaveProperty('responseTime');
    expect(o).toMatchObject({ req: { remoteAddress: null }, res: { statusCode: 503 }, msg: 'request completed' });
  });
});
