import { writeSync } from 'node:fs';
import type { LineStream } from './log.js';

/**
 * Log lines gathered in one buffer and written together. One blocking write per line (pino's default
 * destination) cost the lecture read about 40 % of its throughput, and pino's asynchronous destination about
 * as much here (its writes on libuv's threads compete with the server for the cores). Lines are encoded
 * straight into a buffer that is reused, and written to standard output's descriptor in one call: no joined
 * string, no new buffer and no stream machinery per batch (docs/benchmarks.md has the figures).
 */

/** Lines gather up to this many bytes before they are written, in one write... */
const LOG_BATCH_BYTES = 32 * 1024;
/** ...and are written at least this often, so that a quiet server's lines still show within a second. */
const LOG_FLUSH_MS = 1000;

/** Where a batch goes: bytes (a file descriptor) or text (tests, a stream). */
export interface ByteSink {
  writeBytes(bytes: Buffer): void;
}

export interface BatchedLines extends LineStream {
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
 * Standard output as bytes: written with one blocking write(2) per batch, as Node writes standard output to a
 * file or a pipe. If the descriptor ever refuses (a non-blocking pipe that is full, or any other error), this
 * and every later batch go through `process.stdout` instead, in order.
 */
export function stdoutBytes(fd = 1): ByteSink {
  let viaStream = false;
  return {
    writeBytes(bytes) {
      if (viaStream) return void process.stdout.write(Buffer.from(bytes));
      let done = 0;
      try {
        while (done < bytes.length) done += writeSync(fd, bytes, done);
      } catch {
        viaStream = true;
        process.stdout.write(Buffer.from(bytes.subarray(done)));
      }
    },
  };
}

const isByteSink = (out: LineStream | ByteSink): out is ByteSink => 'writeBytes' in out;

/** Lines gathered and written together: one write for some 130 request lines instead of one each. */
export function batchedLines(out: LineStream | ByteSink, bytes = LOG_BATCH_BYTES, flushMs = LOG_FLUSH_MS): BatchedLines {
  // Room for a full batch and the line that fills it (a line longer than that is written on its own).
  const buffer = Buffer.allocUnsafe(2 * bytes + 1024);
  let used = 0;
  let closed = false;
  const emit = (chunk: Buffer) => (isByteSink(out) ? out.writeBytes(chunk) : out.write(chunk.toString('utf8')));
  const timer = setInterval(() => batch.flush(), flushMs).unref();
  const batch: BatchedLines = {
    write(line: string) {
      // A character is at most 3 bytes in UTF-8 (a surrogate pair: 4 bytes for 2 characters).
      const most = line.length * 3;
      if (closed || most > buffer.length) {
        batch.flush();
        return emit(Buffer.from(line));
      }
      if (used + most > buffer.length) batch.flush();
      used += buffer.write(line, used, 'utf8');
      if (used >= bytes) batch.flush();
    },
    flush() {
      if (!used) return;
      const chunk = buffer.subarray(0, used);
      used = 0;
      // A text sink gets a string (copied); a byte sink writes before the buffer is reused.
      emit(chunk);
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
