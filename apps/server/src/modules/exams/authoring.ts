import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  EXAM_DEFAULT_DURATION,
  EXAM_DEFAULT_POINTS,
  examTitle,
  type examEditSchema,
  type ExamQuestion,
  type ExamView,
} from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import type { Actor } from '../../platform/authenticate.js';
import { authorizationError, conflictError, validationError } from '../../platform/errors.js';
import * as repo from './repository.js';
import { canManageExams, startedWarning } from './policy.js';
import { maxGradeOf, studentQuestion } from './views.js';
import { courseOr404, examOr404 } from './service.js';

/** Guides create, edit, delete and preview a course's exams. */
export class ExamAuthoring {
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'clock'>) {}

  private get db() {
    return this.deps.db;
  }

  private requireGuide(actor: Actor) {
    if (!canManageExams(actor)) throw authorizationError();
  }

  async manage(actor: Actor, courseId: string): Promise<ExamView[]> {
    this.requireGuide(actor);
    await courseOr404(this.db, courseId);
    const [exams, counts] = await Promise.all([repo.listExams(this.db, courseId), repo.attemptCounts(this.db, courseId)]);
    return exams.map((e) => examView(e, counts));
  }

  async create(actor: Actor, courseId: string, week: number): Promise<ExamView> {
    this.requireGuide(actor);
    await courseOr404(this.db, courseId);
    const existing = (await repo.listExams(this.db, courseId)).find((e) => e.week === week);
    if (existing) throw conflictError(`Week ${week} already has an exam: edit it instead.`);
    const now = this.deps.clock.now();
    const id = `exam_${courseId}_w${week}_${now.getTime()}`;
    try {
      await repo.insertExam(this.db, {
        id,
        course_id: courseId,
        week,
        title: examTitle(week),
        duration_minutes: EXAM_DEFAULT_DURATION,
        questions: '[]',
        created_by: actor.id,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
    } catch {
      throw conflictError(`Week ${week} already has an exam: edit it instead.`);
    }
    return examView((await repo.findExam(this.db, id))!, []);
  }

  /** Saves title, duration and questions. With attempts, the first save answers 409 with what changes for whom. */
  async edit(actor: Actor, id: string, edit: z.output<typeof examEditSchema>): Promise<ExamView> {
    this.requireGuide(actor);
    const exam = await examOr404(this.db, id);
    const ids = new Set<string>();
    for (const q of edit.questions) {
      if (ids.has(q.id)) throw validationError(`Two questions share the id ${q.id}.`);
      ids.add(q.id);
    }
    const counts = await repo.attemptCounts(this.db, exam.course_id);
    const view = examView(exam, counts);
    const warning = startedWarning(view.attempts);
    if (warning && !edit.confirmStarted) throw conflictError(warning);
    await repo.updateExam(this.db, id, {
      title: edit.title.trim(),
      duration_minutes: edit.duration,
      questions: JSON.stringify(edit.questions),
      updated_at: this.deps.clock.now().toISOString(),
    });
    return examView((await repo.findExam(this.db, id))!, counts);
  }

  async remove(actor: Actor, id: string, confirmStarted: boolean): Promise<{ deleted: true }> {
    this.requireGuide(actor);
    const exam = await examOr404(this.db, id);
    const view = examView(exam, await repo.attemptCounts(this.db, exam.course_id));
    const started = view.attempts.inProgress + view.attempts.submitted + view.attempts.graded;
    if (started && !confirmStarted)
      throw conflictError(
        `${started} student(s) have attempts on this exam; deleting it deletes their answers and grades. Delete again to confirm.`,
      );
    await repo.deleteExam(this.db, id);
    return { deleted: true };
  }

  /** The exam as a student would see it (no keys), for the guide's preview. */
  async preview(actor: Actor, id: string) {
    this.requireGuide(actor);
    const exam = await examOr404(this.db, id);
    return {
      id: exam.id,
      title: exam.title,
      week: exam.week,
      duration: exam.duration_minutes,
      questions: repo.parseQuestions(exam).map(studentQuestion),
    };
  }

  /** A blank question of a type with the spec's defaults (the editor asks the server, so defaults live once). */
  static blankQuestion(type: ExamQuestion['type']): ExamQuestion {
    const id = `q_${randomBytes(4).toString('hex')}`;
    const base = { id, type, prompt: '', points: EXAM_DEFAULT_POINTS };
    if (type === 'mcq') return { ...base, options: ['', '', '', ''], correctOption: 0 };
    if (type === 'debug') return { ...base, buggyCode: '' };
    if (type === 'code') return { ...base, starterCode: '' };
    return base;
  }
}

function examView(e: repo.ExamRow, counts: Awaited<ReturnType<typeof repo.attemptCounts>>): ExamView {
  const questions = repo.parseQuestions(e);
  const n = (status: string) => counts.find((c) => c.examId === e.id && c.status === status)?.n ?? 0;
  return {
    id: e.id,
    courseId: e.course_id,
    week: e.week,
    title: e.title,
    duration: e.duration_minutes,
    questions,
    maxGrade: maxGradeOf(questions),
    attempts: { inProgress: n('in-progress'), submitted: n('submitted'), graded: n('graded') },
    updatedAt: e.updated_at,
  };
}
