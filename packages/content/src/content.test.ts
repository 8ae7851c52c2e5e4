import { describe, expect, it } from 'vitest';
import { courses, lastDay, loadCatalogue, loadCourse } from './index.js';
import { checkLessons } from './checker.js';
import { QUIZ_REWRITE_PENDING, quizBalanceProblems } from './quiz-balance.js';

const catalogue = loadCatalogue();

describe('the course catalogue', () => {
  it.each(courses.map((c) => [c.title, c] as const))(
    '%s has every day, in order, each valid and titled as the catalogue says',
    (_t, course) => {
      const { lessons } = loadCourse(course);
      expect(lessons.map((l) => l.day)).toEqual(
        Array.from({ length: lastDay(course) - course.firstDay + 1 }, (_, i) => course.firstDay + i),
      );
      expect(lessons.map((l) => l.title)).toEqual([...course.titles]);
    },
  );

  it('numbers C from 1, C++ from 26 and Python from 1 to 50', () => {
    const days = Object.fromEntries(catalogue.map((c) => [c.course.id, [c.lessons[0]?.day, c.lessons.at(-1)?.day]]));
    expect(days).toEqual({ course_c_01: [1, 25], course_cpp_01: [26, 50], course_python_01: [1, 50] });
  });

  it('ends C++ with a capstone that has no code blocks and lists five options', () => {
    const cpp = catalogue.find((c) => c.course.id === 'course_cpp_01')!;
    const capstone = cpp.lessons.at(-1)!;
    const blocks = [...capstone.detailedContent, ...capstone.codeContent];
    expect(blocks.some((b) => b.type === 'code')).toBe(false);
    const text = JSON.stringify(blocks);
    const options = text.match(/Option [1-5]|Option [A-E]/g) ?? [];
    const headings = blocks.filter((b) => b.type === 'heading' && /option/i.test(b.text));
    expect(Math.max(new Set(options).size, headings.length)).toBeGreaterThanOrEqual(5);
  });

  it('keeps every lesson to 1-2 quiz questions with 4 options and 1-2 tasks, each autogradable or saying why not', () => {
    for (const { lessons } of catalogue)
      for (const l of lessons) {
        expect(l.quickQuiz.length).toBeGreaterThanOrEqual(1);
        expect(l.quickQuiz.every((q) => q.options.length === 4 && q.correctAnswer >= 0 && q.correctAnswer <= 3)).toBe(true);
        for (const t of l.assignment.tasks)
          expect(t.autograde === false ? !!t.autogradeReason : (t.tests?.length ?? 0) > 0 && !!t.solution).toBe(true);
      }
  });
});

describe('quiz balance', () => {
  it.each(courses.filter((c) => !QUIZ_REWRITE_PENDING.includes(c.folder)).map((c) => [c.title, c] as const))(
    '%s: the longest option does not give the answer away and answer positions are even',
    (_t, course) => {
      const { lessons } = loadCourse(course);
      const refs = lessons.flatMap((l) => l.quickQuiz.map((question, index) => ({ file: l.file, index, question })));
      expect(quizBalanceProblems(course.title, refs)).toEqual([]);
    },
  );
});

describe('every example and reference solution runs', () => {
  it.each(courses.map((c) => [c.title, c] as const))(
    '%s: examples compile without warnings and print their expected output; solutions pass their tests',
    async (_t, course) => {
      const { lessons } = loadCourse(course);
      const problems = await checkLessons(lessons.map((lesson) => ({ lesson, language: course.language })));
      expect(problems.map((p) => `${p.file}: ${p.where}: ${p.message}`)).toEqual([]);
    },
  );
});
