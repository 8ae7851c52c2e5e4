import type {
  AccessKind,
  AssignmentEdit,
  AssignmentView,
  CourseLecturesResponse,
  LectureEdit,
  LectureEditView,
  LectureView,
  QuizCheckResult,
} from '@learn/shared';
import type { LessonTask } from '@learn/content';
import type { AppDeps } from '../../platform/deps.js';
import type { Actor } from '../../platform/authenticate.js';
import { authorizationError, notFoundError, validationError } from '../../platform/errors.js';
import { audit } from '../../platform/audit.js';
import * as repo from './repository.js';
import { cachedLecture, forgetLecture, storeLecture, type CachedLecture, type LectureAnswer } from './lecture-cache.js';
import type { LectureState, LectureStateCache } from './lecture-state-cache.js';
import { canEditContent, canOpenLecture, hasCompletions, seesAllLectures, visibleSections } from './policy.js';

export async function courseLectures(deps: AppDeps, actor: Actor, courseId: string): Promise<CourseLecturesResponse> {
  const course = await repo.findCourse(deps.db, courseId);
  if (!course) throw notFoundError('Course not found');
  const heads = await repo.listLectureHeads(deps.db, courseId);
  const isGuide = seesAllLectures(actor);
  const accessible = isGuide ? undefined : await repo.accessibleLectureIds(deps.db, actor.id, courseId);
  const completed = isGuide ? new Set<string>() : await repo.completedLectureIds(deps.db, actor.id, courseId);
  return {
    course,
    lectures: heads.map((l) => ({
      id: l.id,
      day: l.day,
      title: l.title,
      accessible: isGuide || accessible!.has(l.id),
      completed: completed.has(l.id),
    })),
  };
}

/** Loads a lecture the actor may open, with the actor's grants; 404 unknown, 403 no grant at all. */
async function openLecture(deps: AppDeps, actor: Actor, lectureId: string) {
  const lecture = await repo.findLecture(deps.db, lectureId);
  if (!lecture) throw notFoundError('Lecture not found');
  const grants = seesAllLectures(actor) ? new Set<never>() : await repo.grantsFor(deps.db, actor.id, lectureId);
  if (!canOpenLecture(actor, grants)) throw authorizationError("Your guide hasn't granted you access yet.");
  return { lecture, grants };
}

/**
 * A lecture read: the lecture as the actor may see it (a section without its grant is absent from the
 * payload), serialized, with an ETag that changes with the content, the actor's grants and completion.
 * One query decides it; the body comes from the lecture cache (lecture-cache.ts) when its version matches.
 */
export async function lectureRead(deps: AppDeps, actor: Actor, lectureId: string, states?: LectureStateCache): Promise<LectureAnswer> {
  const now = deps.clock.nowMs();
  let state = states?.get(actor.id, lectureId, now);
  if (!state) {
    state = await repo.lectureState(deps.db, lectureId, actor.id);
    if (!state) throw notFoundError('Lecture not found');
    states?.set(actor.id, lectureId, state, now);
  }
  const { access, completed } = readerView(actor, state);
  const entry =
    cachedLecture(deps.db, lectureId, access, state.version) ??
    storeLecture(deps.db, lectureId, access, state.version, await buildView(deps, lectureId, access));
  return answerOf(entry, completed);
}

/**
 * The same read when memory holds all of it (the reader's state and the body for their sections: a repeat
 * read, nearly every read), answered without a promise; undefined when the database must be asked
 * (`lectureRead` then does it all). Same checks, same answer.
 */
export function memoryLectureRead(deps: AppDeps, actor: Actor, lectureId: string, states: LectureStateCache): LectureAnswer | undefined {
  const state = states.get(actor.id, lectureId, deps.clock.nowMs());
  if (!state) return undefined;
  const { access, completed } = readerView(actor, state);
  const entry = cachedLecture(deps.db, lectureId, access, state.version);
  return entry && answerOf(entry, completed);
}

/** What this reader sees of the lecture; 403 without any grant. */
function readerView(actor: Actor, state: LectureState) {
  const grants = seesAllLectures(actor) ? new Set<never>() : state.grants;
  if (!canOpenLecture(actor, grants)) throw authorizationError("Your guide hasn't granted you access yet.");
  return { access: visibleSections(actor, grants), completed: hasCompletions(actor) && state.completed };
}

const answerOf = (entry: CachedLecture, completed: boolean): LectureAnswer => entry.answers[completed ? 1 : 0];

/** The lecture view without the reader's completion: the same for every reader with these sections. */
async function buildView(deps: AppDeps, lectureId: string, access: Record<AccessKind, boolean>): Promise<Omit<LectureView, 'completed'>> {
  const lecture = await repo.findLecture(deps.db, lectureId);
  if (!lecture) throw notFoundError('Lecture not found');
  const course = (await repo.findCourseHead(deps.db, lecture.courseId))!;
  const view: Omit<LectureView, 'completed'> = {
    id: lecture.id,
    courseId: lecture.courseId,
    courseTitle: course.title,
    prefix: course.prefix,
    day: lecture.day,
    title: lecture.title,
    description: lecture.description,
    keyConcepts: lecture.keyConcepts,
    quickQuiz: lecture.quickQuiz.map((q) => ({ question: q.question, options: q.options })),
    access,
  };
  if (access.explanation) view.detailedContent = lecture.detailedContent;
  if (access.code) view.codeContent = lecture.codeContent;
  if (access.assignment) {
    const assignment = await repo.findAssignment(deps.db, lecture.id);
    // Only what a student may see of a task: never the solution or the tests.
    view.tasks = (assignment?.tasks ?? []).map((t) => ({
      type: t.type,
      content: t.content,
      ...(t.initialCode ? { initialCode: t.initialCode } : {}),
    }));
  }
  return view;
}

/** The server checks a quiz answer, so the answer key never reaches a student's browser. */
export async function checkQuiz(deps: AppDeps, actor: Actor, lectureId: string, index: number, answer: number): Promise<QuizCheckResult> {
  const { lecture } = await openLecture(deps, actor, lectureId);
  const question = lecture.quickQuiz[index];
  if (!question) throw notFoundError('Quiz question not found');
  return { correct: question.correctAnswer === answer };
}

export async function lectureForEdit(deps: AppDeps, actor: Actor, lectureId: string): Promise<LectureEditView> {
  if (!canEditContent(actor)) throw authorizationError();
  const lecture = await repo.findLecture(deps.db, lectureId);
  if (!lecture) throw notFoundError('Lecture not found');
  const { id, courseId, day, title, description, keyConcepts, quickQuiz, detailedContent, codeContent, updatedAt } = lecture;
  return { id, courseId, day, title, description, keyConcepts, quickQuiz, detailedContent, codeContent, updatedAt };
}

export async function editLecture(deps: AppDeps, actor: Actor, lectureId: string, edit: LectureEdit): Promise<LectureEditView> {
  if (!canEditContent(actor)) throw authorizationError();
  const before = await repo.findLecture(deps.db, lectureId);
  if (!before) throw notFoundError('Lecture not found');
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await repo.updateLecture(trx, lectureId, edit, actor.id, now);
    await audit(trx, {
      actorId: actor.id,
      action: 'lecture.update',
      target: lectureId,
      details: {
        changed: (Object.keys(edit) as (keyof LectureEdit)[]).filter((k) => JSON.stringify(edit[k]) !== JSON.stringify(before[k])),
      },
      at: now,
    });
  });
  forgetLecture(deps.db, lectureId);
  await deps.pubsub.publish({ type: 'lecture.changed', lectureId });
  return lectureForEdit(deps, actor, lectureId);
}

export async function assignmentForEdit(deps: AppDeps, actor: Actor, lectureId: string): Promise<AssignmentView> {
  if (!canEditContent(actor)) throw authorizationError();
  const lecture = await repo.findLecture(deps.db, lectureId);
  const assignment = lecture && (await repo.findAssignment(deps.db, lectureId));
  if (!lecture || !assignment) throw notFoundError('Assignment not found');
  return {
    id: assignment.id,
    lectureId,
    lectureTitle: lecture.title,
    day: lecture.day,
    tasks: assignment.tasks.map((t) => ({
      type: t.type,
      content: t.content,
      ...(t.initialCode ? { initialCode: t.initialCode } : {}),
      autograded: t.autograde !== false && (t.tests?.length ?? 0) > 0,
      testCount: t.tests?.length ?? 0,
    })),
  };
}

/**
 * Saves a lecture's tasks (type, content, starter code). A task keeps its reference solution and tests
 * when it was edited from a saved task of the same type (`from`, or the same place for older clients);
 * a new task, or one whose type changed, is graded by the guide.
 */
export async function editAssignment(deps: AppDeps, actor: Actor, lectureId: string, edit: AssignmentEdit): Promise<AssignmentView> {
  if (!canEditContent(actor)) throw authorizationError();
  const assignment = await repo.findAssignment(deps.db, lectureId);
  if (!assignment) throw notFoundError('Assignment not found');
  const used = new Set<number>();
  const tasks: LessonTask[] = edit.tasks.map((t, i) => {
    const source = t.from === undefined ? i : t.from;
    // One saved task's tests can follow at most one edited task.
    const old = source !== null && !used.has(source) ? assignment.tasks[source] : undefined;
    if (old && source !== null) used.add(source);
    const initialCode = t.initialCode?.trim() ? t.initialCode : undefined;
    if (old && old.type === t.type) return { ...old, type: t.type, content: t.content, initialCode };
    return { type: t.type, content: t.content, initialCode, autograde: false, autogradeReason: 'Added by a mate: graded by hand.' };
  });
  if (tasks.length < 1 || tasks.length > 2) throw validationError('An assignment has one or two tasks');
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await repo.updateAssignmentTasks(trx, lectureId, tasks, actor.id, now);
    await audit(trx, { actorId: actor.id, action: 'assignment.update', target: assignment.id, details: { tasks: tasks.length }, at: now });
  });
  forgetLecture(deps.db, lectureId);
  await deps.pubsub.publish({ type: 'lecture.changed', lectureId });
  return assignmentForEdit(deps, actor, lectureId);
}
