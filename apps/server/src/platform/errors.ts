import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { applySecurityHeaders } from './security-headers.js';
import { noteArrival } from './request-log.js';
import { ZodError, type ZodType, type z } from 'zod';
import { messageForStatus, typeForStatus, type ApiErrorBody, type ErrorType } from '@learn/shared';

/** A domain error a service throws; one handler maps it to HTTP (architecture.md, "Errors"). */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const validationError = (message: string, details?: unknown) => new DomainError(400, 'VALIDATION', message, details);
export const authenticationError = (message = 'Authentication required') => new DomainError(401, 'AUTHENTICATION', message);
export const authorizationError = (message = 'Access denied') => new DomainError(403, 'AUTHORIZATION', message);
export const notFoundError = (message = 'Resource not found') => new DomainError(404, 'NOT_FOUND', message);
export const conflictError = (message = 'Resource conflict', details?: unknown) => new DomainError(409, 'CONFLICT', message, details);
export const tooManyRequestsError = (message: string, retryAfterSeconds: number) =>
  new DomainError(429, 'VALIDATION', message, { retryAfterSeconds }, { 'retry-after': String(retryAfterSeconds) });

/** Field -> first message, for forms that show one error under each field. */
function fieldErrors(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/**
 * Validates input with a shared zod schema; a failure is a 400 whose message is the first problem.
 * With `nameField`, the message starts with the field's path (for nested documents such as lecture JSON).
 */
export function parse<S extends ZodType>(schema: S, input: unknown, opts: { nameField?: boolean } = {}): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  const first = result.error.issues[0];
  const path = first?.path.map(String).join('.');
  const message = first ? (opts.nameField && path ? `${path}: ${first.message}` : first.message) : 'Invalid request data';
  throw validationError(message, { fields });
}

/** Installs the error and not-found handlers: every error body is `{ type, message, details? }`. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | DomainError | Error, request, reply) => {
    let status: number;
    let body: ApiErrorBody;
    if (err instanceof DomainError) {
      status = err.status;
      body = { type: err.type, message: err.message, ...(err.details !== undefined ? { details: err.details } : {}) };
      if (err.headers) reply.headers(err.headers);
    } else if (err instanceof ZodError) {
      status = 400;
      body = { type: 'VALIDATION', message: err.issues[0]?.message ?? 'Invalid request data', details: { fields: fieldErrors(err) } };
    } else {
      const fe = err as FastifyError;
      status = fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 600 ? fe.statusCode : 500;
      const message = status >= 500 ? messageForStatus(status)! : fe.message || messageForStatus(status) || 'Invalid request data';
      body = { type: typeForStatus(status), message };
    }
    if (status >= 500) request.log.error({ err }, 'request failed');
    void reply.status(status).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({ type: 'NOT_FOUND', message: 'Resource not found' } satisfies ApiErrorBody);
  });
}

/**
 * Errors Fastify answers before routing (a path parameter over the router's limit, a malformed URL) take
 * the same `{ type, message }` shape and headers as every other answer. Passed as Fastify's `frameworkErrors`.
 */
export function frameworkErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const status = tooLong ? 414 : 400;
  const body: ApiErrorBody = { type: 'VALIDATION', message: tooLong ? 'The address is too long.' : 'The address is not valid.' };
  // Answered before the request gate: its request line still carries its id and time taken.
  noteArrival(request);
  applySecurityHeaders(request, reply);
  void reply.status(status).send(body);
}
