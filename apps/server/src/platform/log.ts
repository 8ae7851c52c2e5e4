import { hostname } from 'node:os';

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

/** Fastify's logger options for this configuration (false: silent). */
export function fastifyLogger(opts: { level: LogLevel; format: LogFormat }) {
  if (opts.level === 'silent') return false;
  const serializers = { req: requestForLog };
  return opts.format === 'json' ? { level: opts.level, serializers } : { level: opts.level, serializers, stream: logStream('pretty') };
}
