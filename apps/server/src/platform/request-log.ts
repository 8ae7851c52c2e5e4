import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { hostname } from 'node:os';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { BatchedLines } from './log-batch.js';
import type { LineStream } from './log.js';

/**
 * One line per answered request, when Node has sent the answer: method, path (no query string), status and
 * time taken, with the request id that any other line of the same request carries (pino's fields, as Fastify
 * writes them; Fastify's own default is two lines a request).
 *
 * The line is written from Node's `http.server.response.finish` diagnostics channel, not through Fastify's
 * logger: given a logger, Fastify adds two listeners to every response and removes them again to time it
 * for its log controller, 1-2 microseconds a request on the hottest read (measured in one server process
 * switching the two ways every 100 ms under load: docs/benchmarks.md). So Fastify is given no logger of its
 * own; `request.log` and `app.log` are the app's all the same (app.ts). What a request keeps for its line is
 * noted on arrival (`noteArrival`, by the request gate); the line is composed when its batch is written
 * (`BatchedLines.later`). Requests answered through `app.inject` (tests) pass no socket and get no line.
 */

/** Node's channel for "a response has been sent" (every HTTP server of the process publishes to it). */
const RESPONSE_FINISHED = 'http.server.response.finish';

const kRequest = Symbol('learn.request');
const kArrived = Symbol('learn.arrived');
type NotedMessage = IncomingMessage & { [kRequest]?: FastifyRequest; [kArrived]?: number };

/**
 * Notes on the request's raw message what its line needs from it: the request (its id, and its address as
 * Fastify works it out, behind a proxy too) and when it arrived. A response whose request was never noted
 * (Fastify's 503 while closing) gets its line without an id or a time taken.
 */
export function noteArrival(request: FastifyRequest): void {
  const raw = request.raw as NotedMessage;
  raw[kRequest] = request;
  raw[kArrived] = performance.now();
}

/** What a request line is made of, kept until the line is composed. */
export interface RequestLine {
  time: number;
  id: string | undefined;
  method: string | undefined;
  url: string;
  ip: string | undefined;
  status: number;
  /** Milliseconds from arrival to the answer sent; undefined when the arrival was not noted. */
  ms: number | undefined;
}

/** Writes the app's request lines to `lines` (to a batch: composed when it is written) until the app has closed. */
export function installRequestLog(app: FastifyInstance, lines: LineStream | BatchedLines): void {
  const format = requestLineFormat(process.pid, hostname());
  const batch = 'later' in lines ? lines : null;
  const finished = (message: unknown) => {
    const { request: req, response: res, server } = message as { request: NotedMessage; response: ServerResponse; server: Server };
    if (server !== app.server) return;
    const request = req[kRequest];
    const arrived = req[kArrived];
    const line: RequestLine = {
      time: Date.now(),
      id: request?.id,
      method: req.method,
      url: req.url ?? '',
      ip: request ? request.ip : req.socket?.remoteAddress,
      status: res.statusCode,
      ms: arrived === undefined ? undefined : performance.now() - arrived,
    };
    if (batch) batch.later(line, format);
    else lines.write(format(line));
  };
  subscribe(RESPONSE_FINISHED, finished);
  // Fastify closes the server, and so waits for the answers under way, before the app's onClose hooks: those
  // answers get their lines (request-log.test.ts).
  app.addHook('onClose', (_app, done) => {
    unsubscribe(RESPONSE_FINISHED, finished);
    done();
  });
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
 * The line: pino's fields, composed directly rather than through a child logger and its serializers (the
 * path without its query string: a search box's text stays out of the logs; the time taken to the
 * microsecond). `bench/log-line.ts`: 0.32 microseconds a line, against 1.43 through a pino child logger.
 */
export function requestLineFormat(pid: number, host: string): (line: RequestLine) => string {
  const head = `,"pid":${pid},"hostname":${JSON.stringify(host)}`;
  return (r) => {
    const q = r.url.indexOf('?');
    return (
      `{"level":30,"time":${r.time}${head}${r.id === undefined ? '' : `,"reqId":${jsonString(r.id)}`},"req":{"method":${jsonString(r.method)},` +
      `"url":${jsonString(q < 0 ? r.url : r.url.slice(0, q))},"remoteAddress":${jsonString(r.ip)}},"res":{"statusCode":${r.status}}` +
      `${r.ms === undefined ? '' : `,"responseTime":${r.ms.toFixed(3)}`},"msg":"request completed"}\n`
    );
  };
}

/**
 * Fastify's log controller, for what it still logs itself: its lines per request are written here instead
 * (none on arrival, the request line above on completion), so it logs only a response's failure to be sent,
 * which it sees when an `onResponse` hook (the metrics') has it watch responses.
 */
export class FastifyLogLines extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
  }
}
