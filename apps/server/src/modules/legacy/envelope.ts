import type { FastifyReply } from 'fastify';
import { DomainError } from '../../platform/errors.js';

/**
 * The old backend's answer shape: `{ success, message, ... }`. A domain error keeps its HTTP status and
 * becomes `{ success: false, type, message }` (with the old fallback text when it has no message).
 */
export async function envelope<T extends object>(reply: FastifyReply, fallback: string, run: () => Promise<T>): Promise<T | object> {
  try {
    return { success: true, ...(await run()) };
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    if (err.headers) void reply.headers(err.headers);
    void reply.status(err.status);
    return {
      success: false,
      type: err.type,
      message: err.message || fallback,
      ...(err.details !== undefined ? { details: err.details } : {}),
    };
  }
}
