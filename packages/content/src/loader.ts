import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { lessonSchema, type Lesson } from './schema.js';
import { courses, plannedTitle, lastDay, type CourseDefinition } from './catalogue.js';

export const coursesRoot = join(dirname(fileURLToPath(import.meta.url)), '..', 'courses');

export interface LoadedLesson extends Lesson {
  file: string;
}

export interface LoadedCourse {
  course: CourseDefinition;
  lessons: LoadedLesson[];
}

/** A content problem, always naming the file and, where known, the field. */
export class ContentError extends Error {
  constructor(readonly problems: { file: string; field: string; message: string }[]) {
    super(problems.map((p) => `${p.file}: ${p.field ? `${p.field}: ` : ''}${p.message}`).join('\n'));
    this.name = 'ContentError';
  }
}

const fileName = /^day-(\d{2})-[a-z0-9-]+\.yaml$/;

/** Parses and validates one lesson file; throws ContentError naming file and field. */
export function loadLessonFile(file: string, course?: CourseDefinition): LoadedLesson {
  const name = basename(file);
  const problems: ContentError['problems'] = [];
  let raw: unknown;
  try {
    raw = parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ContentError([{ file: name, field: '', message: `not valid YAML: ${(err as Error).message}` }]);
  }
  const result = lessonSchema.safeParse(raw);
  if (!result.success) {
    for (const issue of result.error.issues) problems.push({ file: name, field: issue.path.join('.'), message: issue.message });
    throw new ContentError(problems);
  }
  const lesson = result.data;
  const m = fileName.exec(name);
  if (!m) problems.push({ file: name, field: '', message: 'file name must look like day-07-some-title.yaml' });
  else if (Number(m[1]) !== lesson.day)
    problems.push({ file: name, field: 'day', message: `day ${lesson.day} does not match the file name` });
  if (course) {
    if (lesson.day < course.firstDay || lesson.day > lastDay(course))
      problems.push({ file: name, field: 'day', message: `day must be ${course.firstDay}-${lastDay(course)} in ${course.title}` });
    else if (plannedTitle(course, lesson.day) !== lesson.title)
      problems.push({
        file: name,
        field: 'title',
        message: `expected the catalogue title "${plannedTitle(course, lesson.day)}"`,
      });
  }
  if (problems.length) throw new ContentError(problems);
  return { ...lesson, file };
}

/** Loads every lesson of a course, sorted by day; days must be unique. */
export function loadCourse(course: CourseDefinition, root = coursesRoot): LoadedCourse {
  const dir = join(root, course.folder);
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.yaml'))
        .sort()
    : [];
  const problems: ContentError['problems'] = [];
  const lessons: LoadedLesson[] = [];
  for (const f of files) {
    try {
      lessons.push(loadLessonFile(join(dir, f), course));
    } catch (err) {
      if (err instanceof ContentError) problems.push(...err.problems);
      else throw err;
    }
  }
  const seen = new Map<number, string>();
  for (const l of lessons) {
    const other = seen.get(l.day);
    if (other) problems.push({ file: basename(l.file), field: 'day', message: `day ${l.day} also in ${other}` });
    seen.set(l.day, basename(l.file));
  }
  if (problems.length) throw new ContentError(problems);
  lessons.sort((a, b) => a.day - b.day);
  return { course, lessons };
}

export function loadCatalogue(root = coursesRoot): LoadedCourse[] {
  return courses.map((c) => loadCourse(c, root));
}
