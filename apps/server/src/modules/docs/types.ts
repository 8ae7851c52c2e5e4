import type { ZodType } from 'zod';

/** Who may call a route: the roles the authorization matrix lets past (anonymous means no session). */
export type Role = 'anonymous' | 'student' | 'guide';

export const PUBLIC: readonly Role[] = ['anonymous', 'student', 'guide'];
export const SIGNED_IN: readonly Role[] = ['student', 'guide'];
export const STUDENT: readonly Role[] = ['student'];
export const GUIDE: readonly Role[] = ['guide'];

/** What a successful answer carries. */
export type ResponseKind = 'json' | 'csv' | 'html' | 'text' | 'image' | 'event-stream' | 'websocket' | 'empty';

/** One route of the API, as the document describes it. */
export interface RouteDoc {
  /** The section of the document (e.g. "People"). */
  tag: string;
  summary: string;
  /** Who may call it; an ownership rule on top of the role goes in `note`. */
  roles: readonly Role[];
  /** Extra rules and behaviour worth knowing: ownership, grants, side effects, limits. */
  note?: string;
  /** Query parameters (an object schema); path parameters come from the path itself. */
  query?: ZodType;
  /** The JSON body, validated with this schema (a shared one where it exists). */
  body?: ZodType;
  /** A body that is not JSON (an image upload), described in words. */
  rawBody?: string;
  /** The success answer: its status (200 unless said), kind, words and schema where a shared one exists. */
  response: { status?: number; kind: ResponseKind; description: string; schema?: ZodType };
  /** An old call kept for the previous client (platform-core.md section 7). */
  legacy?: boolean;
  /** Needs a bearer token instead of a session (/metrics). */
  bearer?: boolean;
}

/** `METHOD /path/:param`, exactly as Fastify registered it (the app's routeTable). */
export type RouteKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'} /${string}`;
export type Catalogue = Record<RouteKey, RouteDoc>;
