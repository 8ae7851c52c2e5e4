import { hostname } from 'node:os';
import { pino, type Bindings, type ChildLoggerOptions, type Logger } from 'pino';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { batchedLines, flushLogs, stdoutLines, type BatchedLines } from './log-batch.js';

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
 * Fastify's logger for this configuration (false: silent), the batch to close with the app, and where JSON
 * lines go (for `RequestLog`). JSON lines go to standard output in batches (`batchedLines`); `out` replaces
 * standard output, unbatched (tests).
 */
export function fastifyLogger(opts: { level: LogLevel; format: LogFormat }, out?: LineStream) {
  if (opts.level === 'silent') return { logger: false as const, batch: null, json: null };
  const serializers = { req: requestForLog };
  const make = (stream: LineStream) => new LazyChildLogger(pino({ level: opts.level, serializers }, stream));
  if (opts.format === 'pretty') return { logger: make(logStream('pretty', out)), batch: null, json: null };
  // Request lines are written at info and below only.
  const requests = levels[opts.level] <= levels.info;
  if (out) return { logger: make(out), batch: null, json: requests ? out : null };
  const batch = batchedLines(stdoutLines());
  return { logger: make(batch), batch, json: requests ? batch : null };
}

type LogFn = (...args: unknown[]) => void;

/**
 * A pino logger whose children are made when first written to. Fastify gives every request a child logger
 * (with the request id); pino makes one in about half a microsecond, and almost no request writes through
 * its own (its request line is composed by `RequestLog`). Here a request's child is three fields until it
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

/** Characters a JSON string must escape (and any non-ASCII, left to JSON.stringify to be safe). */
// eslint-disable-next-line no-control-regex -- control characters are what a JSON string must escape
const needsEscape = /["\\\u0000-\u001f\u007f-\uffff]/;

/**
 * A value as a JSON string: plain ASCII text (a method, a path, an address, a request id: nearly every
 * request) quoted as it is, anything else through JSON.stringify; not a string: null.
 */
export function jsonString(value: unknown): string {
  if (typeof value !== 'string') return 'null';
  return needsEscape.test(value) ? JSON.stringify(value) : `"${value}"`;
}

/**
 * One line per request, when it has been answered: method, path (no query string), status and time taken,
 * with the request id that any error line of the same request carries. Fastify's default writes two lines
 * per request ("incoming request" and "request completed"); every other line it writes (errors, a route not
 * found) is kept. With JSON lines (`json`: where they go), an answered request's line is composed here, with
 * exactly the fields pino writes, rather than through a child logger and its serializers: a third of the
 * line's cost on the hottest path (the lecture read); strings are quoted without JSON.stringify when they
 * need no escaping and the time taken is written to the microsecond (`bench/log-line.ts`: 0.32 microseconds a
 * line, against 0.51 with JSON.stringify and 1.43 through a pino child logger).
 */
export class RequestLog extends LogController {
  private readonly head = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"reqId":`;
  /** The batch, when lines go to one: they are composed when it is written (`BatchedLines.later`). */
  private readonly batch: BatchedLines | null;

  constructor(private readonly json: LineStream | BatchedLines | null = null) {
    super();
    this.batch = json && 'later' in json ? json : null;
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else if (!this.json) reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    else {
      const line: RequestLine = {
        time: Date.now(),
        id: request.id,
        method: request.method,
        url: request.url,
        ip: request.ip,
        status: reply.statusCode,
        ms: reply.elapsedTime,
      };
      if (this.batch) this.batch.later(line, this.format);
      else this.json.write(this.format(line));
    }
  }

  /** The line: pino's fields, the path without its query string, the time taken to the microsecond. */
  private readonly format = (r: RequestLine): string => {
    const q = r.url.indexOf('?');
    return (
      `{"level":30,"time":${r.time}${this.head}${jsonString(r.id)},"req":{"method":${jsonString(r.method)},` +
      `"url":${jsonString(q < 0 ? r.url : r.url.slice(0, q))},"remoteAddress":${jsonString(r.ip)}},"res":{"statusCode":${r.status}},` +
      `"responseTime":${r.ms.toFixed(3)},"msg":"request completed"}\n`
    );
  };
}

/** What a request line is made of, kept until the line is composed. */
interface RequestLine {
  time: number;
  id: string;
  method: string;
  url: string;
  ip: string | undefined;
  status: number;
  ms: number;
}
