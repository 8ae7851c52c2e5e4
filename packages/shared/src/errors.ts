/**
 * The error model shared by server and client (platform-core.md section 8).
 * Every API error body is `{ type, message, details? }`.
 */
export const errorTypes = [
  'VALIDATION',
  'NETWORK',
  'SERVER',
  'AUTHENTICATION',
  'AUTHORIZATION',
  'NOT_FOUND',
  'CONFLICT',
  'UNKNOWN',
] as const;
export type ErrorType = (typeof errorTypes)[number];

/** Default message per HTTP status (spec 8, "Mapping"). */
export function messageForStatus(status: number): string | undefined {
  if (status === 400) return 'Invalid request data';
  if (status === 401) return 'Authentication required';
  if (status === 403) return 'Access denied';
  if (status === 404) return 'Resource not found';
  if (status === 409) return 'Resource conflict';
  if (status >= 500) return 'Server error occurred';
  return undefined;
}

/** Error type per HTTP status: other 4xx are VALIDATION (spec 8). */
export function typeForStatus(status: number): ErrorType {
  if (status === 401) return 'AUTHENTICATION';
  if (status === 403) return 'AUTHORIZATION';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status >= 500) return 'SERVER';
  if (status >= 400) return 'VALIDATION';
  return 'UNKNOWN';
}

/** Friendly, user-facing text per error type (spec 8, "Friendly texts"). */
export const friendlyMessages: Record<ErrorType, string> = {
  VALIDATION: 'Please check your input and try again',
  NETWORK: 'Unable to connect to the server. Please check your internet connection and try again',
  SERVER: 'A server error occurred. Please try again later',
  AUTHENTICATION: 'Please log in to continue',
  AUTHORIZATION: 'You do not have permission to perform this action',
  NOT_FOUND: 'The requested resource was not found',
  CONFLICT: 'A conflict occurred. The resource may already exist',
  UNKNOWN: 'An unexpected error occurred. Please try again.',
};

export interface ApiErrorBody {
  type: ErrorType;
  message: string;
  details?: unknown;
}
