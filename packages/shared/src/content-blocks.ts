import { z } from 'zod';
import { text } from './text.js';

/**
 * Lecture content blocks and quiz questions (content-and-features.md section 3). The one schema for
 * lesson files, guide edits and the web renderer's types.
 */
export const codeLanguages = ['c', 'cpp', 'python', 'bash'] as const;
export type CodeLanguage = (typeof codeLanguages)[number];

const nonEmpty = text().trim().min(1, 'must not be empty');

export const codeBlockSchema = z
  .object({
    type: z.literal('code'),
    language: z.enum(codeLanguages),
    code: nonEmpty,
    /** Exact stdout the example must print when run with `stdin`. */
    expectedOutput: text().optional(),
    stdin: text().optional(),
    /** run: compile and run; compile: compile only (GUI, network); none: not checked (bash). */
    check: z.enum(['run', 'compile', 'none']).optional(),
    /**
     * Python only: why this example runs on the server only (it needs a real terminal, files, tkinter, ...).
     * Without it, the content check also runs the example in Pyodide, the scratchpad's Python, and requires
     * the same output and exit code there.
     */
    serverOnly: text().trim().min(10, 'say why the example cannot run in the browser').optional(),
  })
  .strict();

export const blockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), text: nonEmpty }).strict(),
  z.object({ type: z.literal('paragraph'), text: nonEmpty }).strict(),
  z.object({ type: z.literal('list'), items: z.array(nonEmpty).min(1) }).strict(),
  z
    .object({
      type: z.literal('table'),
      headers: z.array(text()).min(1),
      rows: z.array(z.array(text())).min(1),
    })
    .strict()
    .refine((t) => t.rows.every((r) => r.length === t.headers.length), {
      message: 'every row must have as many cells as there are headers',
      path: ['rows'],
    }),
  z.object({ type: z.literal('callout'), icon: z.enum(['idea', 'exercise']), text: nonEmpty }).strict(),
  codeBlockSchema,
]);

export const quizQuestionSchema = z
  .object({
    question: nonEmpty,
    options: z.array(nonEmpty).length(4, 'a quiz question has exactly 4 options'),
    correctAnswer: z.number().int().min(0).max(3),
  })
  .strict();

export type CodeBlock = z.infer<typeof codeBlockSchema>;
export type ContentBlock = z.infer<typeof blockSchema>;
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;
