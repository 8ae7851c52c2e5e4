/**
 * Checks lesson files: `npm run check:content -- [course|file ...]`, e.g. `c`, `python`,
 * `packages/content/courses/cpp/day-30-classes-and-objects.yaml`. With no argument, every course.
 * Prints each problem with its file and field; exits 1 if there is any.
 */
import { resolve, basename, dirname } from 'node:path';
import { courses, loadCourse, loadLessonFile, ContentError, type LoadedLesson } from '../src/index.js';
import { checkLessons } from '../src/checker.js';
import { quizBalanceProblems, QUIZ_REWRITE_PENDING } from '../src/quiz-balance.js';

const args = process.argv.slice(2);
const selected: { lesson: LoadedLesson; language: 'c' | 'cpp' | 'python' }[] = [];
let failed = false;
/** Files that did not load (not YAML, or not a valid lesson): problems too, counted in the summary. */
let loadProblems = 0;

function report(err: unknown) {
  if (err instanceof ContentError) {
    for (const p of err.problems) console.log(`✗ ${p.file}: ${p.field ? `${p.field}: ` : ''}${p.message}`);
    loadProblems += err.problems.length;
    failed = true;
  } else throw err;
}

const targets = args.length ? args : courses.map((c) => c.folder);
for (const t of targets) {
  const course = courses.find((c) => c.folder === t);
  if (course) {
    try {
      const loaded = loadCourse(course);
      selected.push(...loaded.lessons.map((lesson) => ({ lesson, language: course.language })));
      console.log(`${course.title}: ${loaded.lessons.length} lesson(s) valid`);
      // Quiz balance is a property of a whole course, so it is checked only when a whole course is selected.
      const quiz = quizBalanceProblems(
        course.title,
        loaded.lessons.flatMap((l) => l.quickQuiz.map((question, index) => ({ file: basename(l.file), index, question }))),
      );
      const pending = QUIZ_REWRITE_PENDING.includes(course.folder);
      for (const p of quiz) console.log(`${pending ? '! (quiz rewrite pending, not yet enforced)' : '✗'} ${p}`);
      if (quiz.length && !pending) failed = true;
    } catch (err) {
      report(err);
    }
    continue;
  }
  const file = resolve(t);
  const folder = basename(dirname(file));
  const owner = courses.find((c) => c.folder === folder);
  if (!owner) {
    console.log(`✗ ${t}: not a course (${courses.map((c) => c.folder).join(', ')}) or a lesson file under courses/`);
    failed = true;
    continue;
  }
  try {
    selected.push({ lesson: loadLessonFile(file, owner), language: owner.language });
  } catch (err) {
    report(err);
  }
}

const started = Date.now();
const problems = await checkLessons(selected);
for (const p of problems) console.log(`✗ ${p.file}: ${p.where}: ${p.message}`);
console.log(
  `${selected.length} lesson(s) run-checked in ${((Date.now() - started) / 1000).toFixed(1)} s: ${problems.length + loadProblems} problem(s)`,
);
process.exit(failed || problems.length ? 1 : 0);
