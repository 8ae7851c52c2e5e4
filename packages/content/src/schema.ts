import { z } from 'zod';

/** Languages a code block may be written in (content-and-features.md section 3, "Content block"). */
export const codeLanguages = ['c', 'cpp', 'python', 'bash'] as const;

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

export const taskTestSchema = z
  .object({ stdin: z.string().default(''), expectedOutput: z.string() })
  .strict();

export const taskSchema = z
  .object({
    type: z.enum(['exercise', 'homework']),
    content: text,
    initialCode: z.string().optional(),
    /** Reference solution: server-side only, never sent to a student. */
    solution: z.string().optional(),
    /** stdin -> expected stdout cases used for autograding; the solution must pass them all. */
    tests: z.array(taskTestSchema).optional(),
    /** false when the task cannot be graded by running it (a GUI program, say); then a reason is required. */
    autograde: z.literal(false).optional(),
    autogradeReason: z.string().trim().min(1).optional(),
  })
  .strict()
  .superRefine((task, ctx) => {
    if (task.autograde === false) {
      if (!task.autogradeReason)
        ctx.addIssue({ code: 'custom', path: ['autogradeReason'], message: 'autograde: false needs a reason' });
    } else {
      if (!task.tests || task.tests.length === 0)
        ctx.addIssue({ code: 'custom', path: ['tests'], message: 'a task needs tests unless autograde: false says why' });
      if (!task.solution)
        ctx.addIssue({ code: 'custom', path: ['solution'], message: 'a task with tests needs a reference solution' });
    }
  });

export const lessonSchema = z
  .object({
    day: z.number().int().min(1),
    title: text,
    description: text,
    keyConcepts: z.array(text).min(4, 'at least 4 key concepts').max(8, 'at most 8 key concepts'),
    quickQuiz: z.array(quizQuestionSchema).min(1).max(2),
    detailedContent: z.array(blockSchema).min(1),
    codeContent: z.array(blockSchema).default([]),
    assignment: z.object({ tasks: z.array(taskSchema).min(1).max(2) }).strict(),
  })
  .strict();

export type CodeBlock = z.infer<typeof codeBlockSchema>;
export type ContentBlock = z.infer<typeof blockSchema>;
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;
export type LessonTask = z.infer<typeof taskSchema>;
export type Lesson = z.infer<typeof lessonSchema>;
