/**
 * Lists quiz questions whose correct option is the strictly longest, and the answer positions, per course:
 * `npx tsx packages/content/scripts/quiz-offenders.ts [course]`.
 */
import { basename } from 'node:path';
import { courses, loadCourse } from '../src/index.js';
import { quizBalance, quizBalanceProblems, type QuizRef } from '../src/quiz-balance.js';

const only = process.argv[2];
for (const course of courses) {
  if (only && course.folder !== only) continue;
  const refs: QuizRef[] = loadCourse(course).lessons.flatMap((l) =>
    l.quickQuiz.map((question, index) => ({ file: basename(l.file), index, question })),
  );
  const b = quizBalance(refs);
  console.log(`${course.title}: ${b.total} questions, longest-correct ${b.longest.length}, positions A-D ${b.positions.join('/')}`);
  for (const r of b.longest) console.log(`  ${r.file}#${r.index}: ${r.question.question}`);
  for (const p of quizBalanceProblems(course.title, refs)) console.log(`  ✗ ${p.split(':').slice(0, 2).join(':')}`);
}
