import { friendlyMessages, messageForStatus, typeForStatus, type ErrorType } from '@learn/shared';

/** The client's error object (platform-core.md section 8): type, message, details, code, timestamp, context. */
export class AppError extends Error {
  readonly type: ErrorType;
  readonly details: unknown;
  readonly code: number | undefined;
  readonly timestamp: string;
  readonly context: string | undefined;

  constructor(init: { type: ErrorType; message: string; details?: unknown; code?: number; context?: string }) {
    super(init.message);
    this.name = 'AppError';
    this.type = init.type;
    this.details = init.details;
    this.code = init.code;
    this.timestamp = new Date().toISOString();
    this.context = init.context;
  }

  /** The friendly text for this error's type. */
  get friendly(): string {
    return friendlyMessages[this.type];
  }

  /** Per-field messages the server sent with a validation error. */
  get fields(): Record<string, string> {
    const d = this.details as { fields?: Record<string, string> } | undefined;
    return d?.fields ?? {};
  }
}

/**
 * Turns a non-OK HTTP answer into an AppError. The message is the body's message when the body is JSON,
 * else the raw text, else the status text; the type follows the status (other 4xx are VALIDATION).
 */
export function errorFromResponse(status: number, statusText: string, bodyText: string, context?: string): AppError {
  let message: string | undefined;
  let details: unknown;
  try {
    const body = JSON.parse(bodyText) as { message?: unknown; details?: unknown };
    if (typeof body.message === 'string') message = body.message;
    details = body.details;
  } catch {
    if (bodyText.trim() && !bodyText.trimStart().startsWith('<')) message = bodyText.trim().slice(0, 300);
  }
  const type = typeForStatus(status);
  return new AppError({
    type,
    message: message ?? (statusText || messageForStatus(status) || friendlyMessages[type]),
    details,
    code: status,
    context,
  });
}

export function toAppError(err: unknown, context?: string): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof TypeError) return new AppError({ type: 'NETWORK', message: friendlyMessages.NETWORK, details: err.message, context });
  return new AppError({ type: 'UNKNOWN', message: friendlyMessages.UNKNOWN, details: String(err), context });
}
