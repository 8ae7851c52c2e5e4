import { hostname } from 'node:os';
import pino from 'pino';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

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
 * Fastify's logger options for this configuration (false: silent). JSON lines go to standard output through
 * pino's asynchronous destination: a request appends its line to a buffer and the event loop writes what has
 * gathered in one system call, instead of one blocking write per line (with the log on, the lecture read fell
 * from about 80 % to about 50 % of a bare Fastify). Nothing waits when the server is quiet (no minimum
 * length), and pino writes what is left when the process exits; a kill -9 can lose the last lines.
 * `out` replaces standard output (tests).
 */
export function fastifyLogger(opts: { level: LogLevel; format: LogFormat }, out?: LineStream) {
  if (opts.level === 'silent') return false;
  const serializers = { req: requestForLog };
  if (opts.format === 'pretty') return { level: opts.level, serializers, stream: logStream('pretty', out) };
  return { level: opts.level, serializers, stream: out ?? pino.destination({ dest: 1, sync: false }) };
}

/**
 * One line per request, when it has been answered: method, path (no query string), status and time taken,
 * with the request id that any error line of the same request carries. Fastify's default writes two lines
 * per request ("incoming request" and "request completed"); every other line it writes (errors, a route not
 * found) is kept.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
