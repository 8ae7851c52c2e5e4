import { describe, expect, it } from 'vitest';
import { errorFromResponse, toAppError, AppError } from './errors';

describe('the client error model (spec 8)', () => {
  it.each([
    [400, 'VALIDATION', 'Invalid request data'],
    [401, 'AUTHENTICATION', 'Authentication required'],
    [403, 'AUTHORIZATION', 'Access denied'],
    [404, 'NOT_FOUND', 'Resource not found'],
    [409, 'CONFLICT', 'Resource conflict'],
    [500, 'SERVER', 'Server error occurred'],
    [503, 'SERVER', 'Server error occurred'],
  ])('maps %i to %s with "%s" when the body says nothing', (status, type, message) => {
    const e = errorFromResponse(status, '', '');
    expect(e.type).toBe(type);
    expect(e.message).toBe(message);
    expect(e.code).toBe(status);
    expect(e.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('treats other 4xx as VALIDATION with the given message', () => {
    const e = errorFromResponse(429, 'Too Many Requests', JSON.stringify({ message: 'Slow down' }));
    expect(e.type).toBe('VALIDATION');
    expect(e.message).toBe('Slow down');
  });

  it("prefers the JSON body's message, then raw text, then the status text", () => {
    expect(errorFromResponse(400, 'Bad Request', JSON.stringify({ message: 'Email is required' })).message).toBe('Email is required');
    expect(errorFromResponse(400, 'Bad Request', 'plain words').message).toBe('plain words');
    expect(errorFromResponse(418, "I'm a teapot", '').message).toBe("I'm a teapot");
  });

  it('keeps field details and gives the friendly text of its type', () => {
    const e = errorFromResponse(400, '', JSON.stringify({ type: 'VALIDATION', message: 'x', details: { fields: { email: 'Bad' } } }));
    expect(e.fields).toEqual({ email: 'Bad' });
    expect(e.friendly).toBe('Please check your input and try again');
    expect(new AppError({ type: 'NETWORK', message: 'm' }).friendly).toBe(
      'Unable to connect to the server. Please check your internet connection and try again',
    );
    expect(toAppError(new Error('boom')).friendly).toBe('An unexpected error occurred. Please try again.');
  });

  it('turns a failed fetch into a NETWORK error', () => {
    expect(toAppError(new TypeError('Failed to fetch')).type).toBe('NETWORK');
  });
});
