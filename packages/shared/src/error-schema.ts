import { z } from 'zod';
import { errorTypes } from './errors.js';

// In a file of its own: errors.ts is in the web app's entry, and a schema built at module level there would
// bring zod into every first page load.
/** The error body as a schema, for the API description (`/api/docs`); the server builds `ApiErrorBody`. */
export const apiErrorSchema = z.object({
  type: z.enum(errorTypes),
  message: z.string(),
  details: z.unknown().optional().describe('e.g. { fields: { email: "Invalid email" } } for VALIDATION'),
});
