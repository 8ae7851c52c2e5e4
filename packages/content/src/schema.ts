import { z } from 'zod';
import { blockSchema, quizQuestionSchema } from '@learn/shared';

export { codeLanguages, codeBlockSchema, blockSchema, quizQuestionSchema } from '@learn/shared';
export type { CodeBlock, ContentBlock, QuizQuestion } from '@learn/shared';

const text = z.string().trim().min(1, 'must not be empty');

export const taskTestSchema = z
  .object({
    stdin: z.string().default(''),
    expectedOutput: z.string(),
    /** Run this test on the task's harness (which calls the learner's functions) instead of the learner's main. */
    harness: z.literal(true).optional(),
  })
  .strict();

export const sourceCheckSchema = z
  .object({
    pattern: z
      .string()
      .min(1)
      .refine((p) => {
        try {
          new RegExp(p);
          return true;
        } catch {
          return false;
        }
      }, 'must be a valid regular expression'),
    mode: z.enum(['require', 'forbid']),
    message: text,
  })
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
    /**
     * Constructs the code must contain or must not (regex on the code with comments and literals blanked),
     * each with the message the learner reads. The solution must pass them; the grader applies them.
     */
    sourceChecks: z.array(sourceCheckSchema).optional(),
    /**
     * true when the task asks for one fixed text with no input (day 1's greeting): a program that prints it
     * is a right answer, so the mutation check does not try the hard-coded program (it still tries the starter).
     */
    fixedOutput: z.literal(true).optional(),
    /**
     * Test harness that calls the learner's functions (see assembleProgram): C/C++ code with its own main,
     * compiled after the learner's code whose main is renamed; Python code run after importing it as `learner`.
     */
    harness: z.string().optional(),
    /** false when the task cannot be graded by running it (a GUI program, say); then a reason is required. */
    autograde: z.literal(false).optional(),
    autogradeReason: z.string().trim().min(1).optional(),
    /**
     * 1-2 nudges a learner reveals one at a time; sent to students, so never the solution's code. Required in
     * a course lesson (lessonSchema); optional in the type, which also describes tasks a guide writes.
     */
    hints: z.array(text).min(1, 'give one or two hints').max(2, 'at most two hints').optional(),
    /**
     * Programs a teacher must not see pass: hard-coded, the day's construct avoided, part of the range handled,
     * an unused declaration standing in for the construct. Server-side only, like the solution; the content
     * check's mutation step requires every one to fail a test or a source check, so the catalogue cannot regress.
     */
    weakPrograms: z.array(z.object({ why: text, code: z.string().min(1) }).strict()).optional(),
  })
  .strict()
  .superRefine((task, ctx) => {
    if (task.tests?.some((t) => t.harness) && !task.harness)
      ctx.addIssue({ code: 'custom', path: ['harness'], message: 'a test says harness: true but the task has no harness' });
    // A hint must not paste the solution: no solution line of real length may appear in a hint.
    const lines = (task.solution ?? '')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.length >= 16);
    task.hints?.forEach((h, i) => {
      const pasted = lines.find((l) => h.includes(l));
      if (pasted)
        ctx.addIssue({ code: 'custom', path: ['hints', i], message: `a hint must not paste solution code (${JSON.stringify(pasted)})` });
    });
    if (task.autograde === false) {
      if (!task.autogradeReason) ctx.addIssue({ code: 'custom', path: ['autogradeReason'], message: 'autograde: false needs a reason' });
    } else {
      if (!task.tests || task.tests.length === 0)
        ctx.addIssue({ code: 'custom', path: ['tests'], message: 'a task needs tests unless autograde: false says why' });
      if (!task.solution) ctx.addIssue({ code: 'custom', path: ['solution'], message: 'a task with tests needs a reference solution' });
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
    assignment: z
      .object({
        tasks: z
          .array(
            taskSchema.refine((t) => t.hints !== undefined, {
              path: ['hints'],
              message: 'give one or two hints: every task of a course lesson has them',
            }),
          )
          .min(1)
          .max(2),
      })
      .strict(),
  })
  .strict();

export type LessonTask = z.infer<typeof taskSchema>;
export type Lesson = z.infer<typeof lessonSchema>;
