import { z } from 'zod';
import {
  analyticsQuerySchema,
  chatSendSchema,
  explainRequestSchema,
  scopeKeySchema,
  similarityReviewSchema,
  similaritySettingsSchema,
} from '@learn/shared';
import { GUIDE, PUBLIC, SIGNED_IN, type Catalogue } from './types.js';

const courseIdQuery = z.object({ courseId: z.string().min(1).max(100).describe('Course id, e.g. course_c_01') });
const scopeQuery = z.object({
  scope: scopeKeySchema.describe('What is compared, e.g. homework:c-cpp-day-21:0 (from /api/similarity/scopes)'),
});
const ok = (description: string) => ({ kind: 'json' as const, description });
const created = (description: string) => ({ status: 201, kind: 'json' as const, description });

/* Explanations, analytics, chat, similarity and this document. */
export const moreCatalogue: Catalogue = {
  'GET /api/explain/status': {
    tag: 'Explanations',
    summary: 'Whether AI explanations are available',
    roles: SIGNED_IN,
    response: ok('`ExplainStatus`'),
  },
  'GET /api/explain/usage': { tag: 'Explanations', summary: 'Explanations asked per day', roles: GUIDE, response: ok('`ExplainUsage`') },
  'POST /api/explain': {
    tag: 'Explanations',
    summary: 'Explain a piece of code with the configured AI provider',
    roles: SIGNED_IN,
    note: 'Refused to a student with an exam attempt under way.',
    body: explainRequestSchema,
    response: { kind: 'event-stream', description: 'Server-sent events: `data: {"text"}` pieces, then `event: done` or `event: error`' },
  },
  'GET /api/analytics': {
    tag: 'Analytics',
    summary: 'A course’s figures: completion, at-risk students, grades, weekly activity',
    roles: GUIDE,
    query: analyticsQuerySchema,
    response: ok('`AnalyticsResult`'),
  },
  'GET /api/analytics/export.csv': {
    tag: 'Analytics',
    summary: 'The same figures as CSV: one section,label,value row per figure',
    roles: GUIDE,
    query: analyticsQuerySchema,
    note: 'Cells a spreadsheet would run as formulas are escaped with a leading apostrophe.',
    response: { kind: 'csv', description: 'text/csv attachment' },
  },
  'GET /api/chat/conversations': {
    tag: 'Chat',
    summary: 'Every conversation with a student, newest first',
    roles: GUIDE,
    query: z.object({ search: z.string().max(200).optional() }),
    response: ok('`{ conversations: ChatConversationSummary[] }`'),
  },
  'GET /api/chat/unread': {
    tag: 'Chat',
    summary: 'How many messages the caller has not read',
    roles: SIGNED_IN,
    response: ok('`{ unread: number }`'),
  },
  'GET /api/chat/conversations/{studentId}': {
    tag: 'Chat',
    summary: 'A student’s conversation with the guides',
    roles: SIGNED_IN,
    note: 'A student opens only their own; guides any.',
    query: z.object({ after: z.coerce.number().int().min(0).optional().describe('Only messages after this id') }),
    response: ok('`ChatConversation`'),
  },
  'POST /api/chat/conversations/{studentId}/messages': {
    tag: 'Chat',
    summary: 'Send a text message',
    roles: SIGNED_IN,
    note: 'A student writes only in their own conversation. Rate-limited.',
    body: chatSendSchema,
    response: created('`ChatMessage`'),
  },
  'POST /api/chat/conversations/{studentId}/images': {
    tag: 'Chat',
    summary: 'Send an image (re-encoded by the server to a JPEG without metadata)',
    roles: SIGNED_IN,
    note: 'A student writes only in their own conversation. At most 5 MB.',
    rawBody:
      'The image bytes as the body (any content type); an optional caption goes first, its byte length in the x-caption-bytes header.',
    response: created('`ChatMessage`'),
  },
  'POST /api/chat/conversations/{studentId}/read': {
    tag: 'Chat',
    summary: 'Mark the conversation read',
    roles: SIGNED_IN,
    note: 'Own conversation only for a student.',
    response: ok('`{ lastReadId: number }`'),
  },
  'POST /api/chat/conversations/{studentId}/clear': {
    tag: 'Chat',
    summary: 'Clear the conversation from the caller’s view',
    roles: SIGNED_IN,
    note: 'Own conversation only for a student.',
    response: ok('`{ cleared: true }`'),
  },
  'GET /api/chat/images/{name}': {
    tag: 'Chat',
    summary: 'An image of a conversation the caller may read',
    roles: SIGNED_IN,
    response: { kind: 'image', description: 'image/jpeg' },
  },
  'GET /api/similarity/scopes': {
    tag: 'Similarity',
    summary: 'What can be compared in a course',
    roles: GUIDE,
    query: courseIdQuery,
    response: ok('`{ scopes: SimilarityScopeView[] }`'),
  },
  'GET /api/similarity/report': {
    tag: 'Similarity',
    summary: 'The similar pairs of a scope, the comparison’s progress and Dolos’ suggested threshold',
    roles: GUIDE,
    query: scopeQuery,
    response: ok('`SimilarityReport`'),
  },
  'POST /api/similarity/report/refresh': {
    tag: 'Similarity',
    summary: 'Compare the scope again now',
    roles: GUIDE,
    body: scopeQuery,
    response: { status: 202, kind: 'json', description: '`SimilarityReport`' },
  },
  'GET /api/similarity/pairs/{id}': {
    tag: 'Similarity',
    summary: 'Two submissions side by side with their matching parts',
    roles: GUIDE,
    response: ok('`SimilarityPairDetail`'),
  },
  'PUT /api/similarity/pairs/{id}/review': {
    tag: 'Similarity',
    summary: 'Mark a pair reviewed, with a note',
    roles: GUIDE,
    body: similarityReviewSchema,
    response: ok('`SimilarityPairView`'),
  },
  'GET /api/similarity/settings': {
    tag: 'Similarity',
    summary: 'A course’s similarity threshold',
    roles: GUIDE,
    query: courseIdQuery,
    response: ok('`SimilaritySettings`'),
  },
  'PUT /api/similarity/settings': {
    tag: 'Similarity',
    summary: 'Set a course’s similarity threshold',
    roles: GUIDE,
    body: similaritySettingsSchema,
    response: ok('`SimilaritySettings`'),
  },
  'GET /api/similarity/markers': {
    tag: 'Similarity',
    summary: 'Submissions and attempts in a flagged pair',
    roles: GUIDE,
    query: courseIdQuery,
    response: ok('`SimilarityMarkers`'),
  },
  'GET /api/docs': {
    tag: 'API description',
    summary: 'This description: a page for a browser (Accept: text/html), else the OpenAPI document',
    roles: PUBLIC,
    response: { kind: 'html', description: 'HTML page, or the OpenAPI JSON' },
  },
  'GET /api/docs/openapi.json': {
    tag: 'API description',
    summary: 'The OpenAPI 3.1 document',
    roles: PUBLIC,
    response: ok('OpenAPI 3.1 document'),
  },
};
