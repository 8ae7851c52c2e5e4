/**
 * The request line's cost on the server's main thread (issue 29): `npx tsx bench/log-line.ts`. One million
 * lines of a lecture read, each way, in this process, into a stream that keeps only their length: Fastify's
 * way (a pino child logger per request, then its "request completed" line through the serializers), the line
 * composed with JSON.stringify for every string (before), and `requestLineFormat` as the server runs it. Prints
 * microseconds a line and each against Fastify's way. Writing the lines out is not measured here
 * (`npm run bench` measures the whole read with the log on and off).
 */
import pino from 'pino';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestForLog } from '../apps/server/src/platform/log.js';
import { requestLineFormat } from '../apps/server/src/platform/request-log.js';

const N = Number(process.env.BENCH_LINES ?? 1_000_000);
let bytes = 0;
const out = { write: (line: string) => void (bytes += line.length) };

let n = 0;
const request = () =>
  ({ id: `req-${(++n).toString(36)}`, method: 'GET', url: '/api/lectures/python-day-20', ip: '127.0.0.1' }) as FastifyRequest;
// The time taken varies as a real one does (a repeated number is formatted from V8's cache).
const replies = Array.from(
  { length: 4096 },
  (_, i) => ({ statusCode: 200, elapsedTime: 0.4 + i * 0.00137 + Math.random() * 1e-9 }) as FastifyReply,
);
const reply = () => replies[n & 4095]!;

const root = pino({ level: 'info', serializers: { req: requestForLog, res: (r: FastifyReply) => ({ statusCode: r.statusCode }) } }, out);
const head = `,"pid":${process.pid},"hostname":"bench","reqId":`;
const format = requestLineFormat(process.pid, 'bench');

const ways: [string, () => void][] = [
  [
    "Fastify's (pino child and serializers)",
    () => {
      const req = request();
      const res = reply();
      root.child({ reqId: req.id }).info({ req, res, responseTime: res.elapsedTime }, 'request completed');
    },
  ],
  [
    'composed, JSON.stringify each string (before)',
    () => {
      const req = request();
      const res = reply();
      const r = requestForLog(req);
      out.write(
        `{"level":30,"time":${Date.now()}${head}${JSON.stringify(req.id)},"req":{"method":${JSON.stringify(r.method)},` +
          `"url":${JSON.stringify(r.url)},"remoteAddress":${JSON.stringify(r.remoteAddress)}},"res":{"statusCode":${res.statusCode}},` +
          `"responseTime":${res.elapsedTime},"msg":"request completed"}\n`,
      );
    },
  ],
  [
    'requestLineFormat (now)',
    () => {
      const req = request();
      const res = reply();
      out.write(
        format({ time: Date.now(), id: req.id, method: req.method, url: req.url, ip: req.ip, status: res.statusCode, ms: res.elapsedTime }),
      );
    },
  ],
];

const perLine: number[] = [];
for (const [name, line] of ways) {
  for (let i = 0; i < N / 10; i++) line();
  const best = [];
  // Three passes each; the fastest is the one least disturbed by the machine's other work.
  for (let pass = 0; pass < 3; pass++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < N; i++) line();
    best.push(Number(process.hrtime.bigint() - t0) / N / 1000);
  }
  const us = Math.min(...best);
  perLine.push(us);
  console.log(`${name.padEnd(48)} ${us.toFixed(2)} us a line   ${(us / perLine[0]!).toFixed(2)}x of Fastify's`);
}
console.log(`(${(bytes / 1024 / 1024).toFixed(0)} MB of lines composed)`);
