import { z } from 'zod';

/**
 * Lecture content blocks and quiz questions (content-and-features.md section 3). The one schema for
 * lesson files, guide edits and the web renderer's types.
 */
export const codeLanguages = ['c', 'cpp', 'python', 'bash'] as const;
export type CodeLanguage = (typeof codeLanguages)[number];

const text = z.string().trim().min(1, 'must not be empty');

export const codeBlockSchema = z
  .object({
    type: z.literal('code'),
    language: z.enum(codeLanguages),
    code: text,
    /** Exact stdout the example must print when run with `stdin`. */
    expectedOutput: z.string().optional(),
    stdin: z.string().optional(),
    /** run: compile and run; compile: compile only (GUI, network); none: not checked (bash). */
    check: z.enum(['run', 'compile', 'none']).optional(),
  })
  .strict();

export const blockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), text }).strict(),
  z.object({ type: z.literal('paragraph'), text }).strict(),
  z.object({ type: z.literal('list'), items: z.array(text).min(1) }).strict(),
  z
    .object({
      type: z.literal('table'),
      headers: z.array(z.string()).min(1),
      rows: z.array(z.array(z.string())).min(1),
    })
    .strict()
    .refine((t) => t.rows.every((r) => r.length === t.headers.length), {
      message: 'every row must have as many cells as there are headers',
      path: ['rows'],
    }),
  z.object({ type: z.literal('callout'), icon: z.enum(['idea', 'exercise']), text }).strict(),
  codeBlockSchema,
]);

export const quizQuestionSchema = z
  .object({
    question: text,
    options: z.array(text).length(4, 'a quiz question has exactly 4 options'),
    correctAnswer: z.number().int().min(0).max(3),
  })
  .strict();

export type CodeBlock = z.infer<typeof codeBlockSchema>;
export type ContentBlock = z.infer<typeof blockSchema>;
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;
