import { writeSync } from 'node:fs';
import type { LineStream } from './log.js';

/**
 * Log lines gathered and written together. One blocking write per line (pino's default destination) cost the
 * lecture read about 40 % of its throughput, and pino's asynchronous destination about as much here (its
 * writes on libuv's threads compete with the server for the cores). A batch is the lines joined (V8 joins
 * strings without copying them until the write), encoded and written to standard output's descriptor in one
 * call: per line, no encoding into a buffer and no stream machinery (docs/benchmarks.md has the figures).
 */

/** Lines gather up to this many characters before they are written, in one write... */
const LOG_BATCH_CHARS = 32 * 1024;
/** ...and are written at least this often, so that a quiet server's lines still show within a second. */
const LOG_FLUSH_MS = 1000;

export interface BatchedLines extends LineStream {
  /**
   * A line composed by `format` from `record` only when the batch is written, in its place among the others
   * (the request lines: what a request does is keep seven values; the lines are composed together, in one
   * loop whose code and data stay in the caches, a microsecond and more less a request: docs/benchmarks.md).
   */
  later<T>(record: T, format: (record: T) => string): void;
  flush(): void;
  /** Writes what is left and stops gathering: later lines are written as they come (the app has closed). */
  close(): void;
}

const batches = new Set<{ flush(): void }>();
// What is still gathered is written when the process exits (the writes are synchronous, so it is out before the
// process is gone); a kill -9 loses at most a second's lines.
process.on('exit', () => flushLogs());

/** Writes every batch's gathered lines now (at exit; tests). */
export function flushLogs() {
  for (const b of batches) b.flush();
}

/**
 * Standard output's descriptor, written with blocking write(2) calls, as Node writes standard output to a file
 * or a pipe. If the descriptor ever refuses (a non-blocking pipe that is full, or any other error), this and
 * every later write go through `process.stdout` instead, in order.
 */
export function stdoutLines(fd = 1): LineStream {
  let viaStream = false;
  return {
    write(text) {
      if (viaStream) return void process.stdout.write(text);
      let bytes: Buffer | undefined;
      let done = 0;
      try {
        done = writeSync(fd, text);
        // Written in part (a pipe, a full disk): the rest, as bytes.
        if (done < Buffer.byteLength(text)) {
          bytes = Buffer.from(text);
          while (done < bytes.length) done += writeSync(fd, bytes, done);
        }
      } catch {
        viaStream = true;
        process.stdout.write(bytes ? bytes.subarray(done) : text);
      }
    },
  };
}

/** Records kept for `later` before the batch is written (about 32 KB of request lines). */
const LOG_BATCH_RECORDS = 128;

/** Lines gathered and written together: one write for some 130 request lines instead of one each. */
export function batchedLines(out: LineStream, chars = LOG_BATCH_CHARS, flushMs = LOG_FLUSH_MS): BatchedLines {
  let pending = '';
  let closed = false;
  // Kept records and how each becomes its line, in order; composed into `pending` before any other line joins it.
  const records: unknown[] = [];
  const formats: ((record: never) => string)[] = [];
  const compose = () => {
    for (let i = 0; i < records.length; i++) pending += (formats[i] as (record: unknown) => string)(records[i]);
    records.length = 0;
    formats.length = 0;
  };
  const timer = setInterval(() => batch.flush(), flushMs).unref();
  const batch: BatchedLines = {
    write(line: string) {
      if (closed) {
        batch.flush();
        return out.write(line);
      }
      if (records.length) compose();
      pending += line;
      if (pending.length >= chars) batch.flush();
    },
    later(record, format) {
      if (closed) return batch.write(format(record));
      records.push(record);
      formats.push(format as (record: never) => string);
      if (records.length >= LOG_BATCH_RECORDS) batch.flush();
    },
    flush() {
      if (records.length) compose();
      if (!pending) return;
      const text = pending;
      pending = '';
      out.write(text);
    },
    close() {
      closed = true;
      clearInterval(timer);
      batch.flush();
      batches.delete(batch);
    },
  };
  batches.add(batch);
  return batch;
}
