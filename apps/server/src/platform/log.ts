import { hostname } from 'node:os';
import { pino, type Bindings, type ChildLoggerOptions, type Logger } from 'pino';
import { batchedLines, flushLogs, stdoutLines } from './log-batch.js';

/**
 * Logs an operator can ship: one JSON object per line (pino's format, the one Fastify writes) in
 * production; `npm run dev` sets LOG_FORMAT=pretty for short human lines. Every line the server writes goes
 * through here or through Fastify's logger, which writes to the same stream.
 */
export type LogFormat = 'json' | 'pretty';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

const levels: Record<Exclude<LogLevel, 'silent'>, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
const names = Object.fromEntries(Object.entries(levels).map(([k, v]) => [v, k.toUpperCase()])) as Record<number, string>;

export interface LineStream {
  write(line: string): void;
}

/** A pino JSON line as one short human line: time, level, message, then the other fields. */
export function prettyLine(line: string): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const { level, time, msg, pid: _pid, hostname: _host, req, res, responseTime, err, ...rest } = o;
  const parts = [new Date(Number(time)).toISOString().slice(11, 23), (names[Number(level)] ?? String(level)).padEnd(5), String(msg ?? '')];
  const r = req as { method?: string; url?: string } | undefined;
  if (r?.method) parts.push(`${r.method} ${r.url}`);
  const s = res as { statusCode?: number } | undefined;
  if (s?.statusCode) parts.push(`-> ${s.statusCode}${typeof responseTime === 'number' ? ` in ${responseTime.toFixed(1)} ms` : ''}`);
  if (Object.keys(rest).length) parts.push(JSON.stringify(rest));
  const e = err as { stack?: string; message?: string } | undefined;
  return `${parts.join(' ')}${e ? `\n${e.stack ?? e.message}` : ''}\n`;
}

/** Where log lines go: standard output as they are (JSON), or reformatted (pretty). */
export function logStream(format: LogFormat, out: LineStream = process.stdout): LineStream {
  if (format === 'json') return out;
  return { write: (chunk: string) => out.write(prettyLine(chunk)) };
}

export interface Log {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** The lines written before Fastify's logger exists (configuration, database, migrations, first start). */
export function createLog(opts: { level: LogLevel; format: LogFormat }, out?: LineStream): Log {
  const stream = logStream(opts.format, out);
  const threshold = opts.level === 'silent' ? Infinity : levels[opts.level];
  const host = hostname();
  const write = (level: number) => (msg: string, fields?: Record<string, unknown>) => {
    if (level < threshold) return;
    // Lines gathered for a batch (Fastify's, the request lines) are older than this one: out first, so the
    // output stays in time order (a start's "Server listening" before "Learn is serving").
    flushLogs();
    stream.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, hostname: host, ...fields, msg })}\n`);
  };
  return { debug: write(20), info: write(30), warn: write(40), error: write(50) };
}

/**
 * A request as logged: method and path, never the query string (a search box's text or any other user text
 * that travels in an address stays out of the logs).
 */
export function requestForLog(req: { method?: string; url?: string; ip?: string }) {
  return { method: req.method, url: (req.url ?? '').split('?')[0], remoteAddress: req.ip };
}

/**
 * The app's logger for this configuration (false: silent), the batch to close with the app, and where request
 * lines go (`installRequestLog`; null below info). JSON lines go to standard output in batches
 * (`batchedLines`); `out` replaces standard output, unbatched (tests).
 */
export function appLogger(opts: { level: LogLevel; format: LogFormat }, out?: LineStream) {
  if (opts.level === 'silent') return { logger: false as const, batch: null, requests: null };
  const serializers = { req: requestForLog };
  const make = (stream: LineStream) => new LazyChildLogger(pino({ level: opts.level, serializers }, stream));
  // Request lines are written at info and below only.
  const logged = levels[opts.level] <= levels.info;
  if (opts.format === 'pretty') {
    const pretty = logStream('pretty', out);
    return { logger: make(pretty), batch: null, requests: logged ? pretty : null };
  }
  if (out) return { logger: make(out), batch: null, requests: logged ? out : null };
  const batch = batchedLines(stdoutLines());
  return { logger: make(batch), batch, requests: logged ? batch : null };
}

type LogFn = (...args: unknown[]) => void;

/**
 * A pino logger whose children are made when first written to. Fastify gives every request a child logger
 * (with the request id); pino makes one in about half a microsecond, and almost no request writes through
 * its own (its request line is composed by `installRequestLog`). Here a request's child is three fields until it
 * logs, then the pino child it would have been: same lines, same ids.
 */
export class LazyChildLogger {
  private made: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings?: Bindings,
    private readonly options?: ChildLoggerOptions,
  ) {}

  private get logger(): Logger {
    return (this.made ??= this.bindings ? this.parent.child(this.bindings, this.options) : this.parent);
  }
  get level(): string {
    return this.logger.level;
  }
  set level(level: string) {
    this.logger.level = level;
  }
  /** pino's serializers, which Fastify reads to keep them in the loggers it derives. */
  get [pino.symbols.serializersSym]() {
    return (this.logger as unknown as Record<symbol, unknown>)[pino.symbols.serializersSym];
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): LazyChildLogger {
    return new LazyChildLogger(this.logger, bindings, options);
  }
  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}
  private write(level: Exclude<LogLevel, 'silent'>, args: unknown[]) {
    const logger = this.logger;
    (logger[level] as LogFn).apply(logger, args);
  }
}
