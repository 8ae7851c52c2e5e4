import { randomBytes } from 'node:crypto';
import {
  EXAM_DEFAULT_DURATION,
  EXAM_DEFAULT_POINTS,
  EXAM_SAVE_GRACE_SECONDS,
  examTitle,
  unlockMessage,
  type ExamAnswers,
  type ExamAttemptView,
  type ExamCard,
  type ExamGrade,
  type ExamQuestion,
  type ExamSave,
  type ExamSaveResult,
  type ExamSubmissionView,
  type ExamView,
  type TestOutcome,
} from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import type { Actor } from '../../platform/authenticate.js';
import { authorizationError, conflictError, notFoundError, validationError } from '../../platform/errors.js';
import type { examEditSchema } from '@learn/shared';
import type { z } from 'zod';
import { insertAward } from '../progress/repository.js';
import * as repo from './repository.js';
import { canManageExams, canTakeExams, lecturesToUnlock, mcqPoints, scoreWithinLimits, startedWarning } from './policy.js';
import { attemptView, maxGradeOf, studentQuestion } from './views.js';

const GRACE_MS = EXAM_SAVE_GRACE_SECONDS * 1000;
const BUG_SQUASHER_DEBUG_SOLVED = 5;

/** Runs a code or debug answer against a question's tests (the homework grader's runner, for exams). */
export type ExamTestRunner = (question: ExamQuestion, code: string, courseId: string) => Promise<TestOutcome[]>;

export class ExamsService {
  constructor(
    private readonly deps: AppDeps,
    private readonly runTests?: ExamTestRunner,
  ) {}

  private get db() {
    return this.deps.db;
  }

  private now() {
    return this.deps.clock.now();
  }

  // ---- guides: editing ----

  private requireGuide(actor: Actor) {
    if (!canManageExams(actor)) throw authorizationError();
  }

  private async examOr404(id: string) {
    const exam = await repo.findExam(this.db, id);
    if (!exam) throw notFoundError('Exam not found');
    return exam;
  }

  private async courseExists(courseId: string) {
    const course = await this.db.selectFrom('courses').select('id').where('id', '=', courseId).executeTakeFirst();
    if (!course) throw notFoundError('Course not found');
  }

  async manage(actor: Actor, courseId: string): Promise<ExamView[]> {
    this.requireGuide(actor);
    await this.courseExists(courseId);
    const [exams, counts] = await Promise.all([repo.listExams(this.db, courseId), repo.attemptCounts(this.db, courseId)]);
    return exams.map((e) => this.examView(e, counts));
  }

  private examView(e: repo.ExamRow, counts: Awaited<ReturnType<typeof repo.attemptCounts>>): ExamView {
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

  async create(actor: Actor, courseId: string, week: number): Promise<ExamView> {
    this.requireGuide(actor);
    await this.courseExists(courseId);
    const existing = (await repo.listExams(this.db, courseId)).find((e) => e.week === week);
    if (existing) throw conflictError(`Week ${week} already has an exam: edit it instead.`);
    const now = this.now();
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
    return this.examView((await repo.findExam(this.db, id))!, []);
  }

  /** Saves title, duration and questions. With attempts, the first save answers 409 with what changes for whom. */
  async edit(actor: Actor, id: string, edit: z.output<typeof examEditSchema>): Promise<ExamView> {
    this.requireGuide(actor);
    const exam = await this.examOr404(id);
    const ids = new Set<string>();
    for (const q of edit.questions) {
      if (ids.has(q.id)) throw validationError(`Two questions share the id ${q.id}.`);
      ids.add(q.id);
    }
    const counts = await repo.attemptCounts(this.db, exam.course_id);
    const view = this.examView(exam, counts);
    const warning = startedWarning(view.attempts);
    if (warning && !edit.confirmStarted) throw conflictError(warning);
    await repo.updateExam(this.db, id, {
      title: edit.title.trim(),
      duration_minutes: edit.duration,
      questions: JSON.stringify(edit.questions),
      updated_at: this.now().toISOString(),
    });
    return this.examView((await repo.findExam(this.db, id))!, counts);
  }

  async remove(actor: Actor, id: string, confirmStarted: boolean): Promise<{ deleted: true }> {
    this.requireGuide(actor);
    const exam = await this.examOr404(id);
    const view = this.examView(exam, await repo.attemptCounts(this.db, exam.course_id));
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
    const exam = await this.examOr404(id);
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

  // ---- students: list, attempt, saves, submit ----

  private requireStudent(actor: Actor) {
    if (!canTakeExams(actor)) throw authorizationError('Only students take exams; use Preview to see one.');
  }

  async list(actor: Actor, courseId: string): Promise<ExamCard[]> {
    this.requireStudent(actor);
    await this.courseExists(courseId);
    const [exams, attempts, completed] = await Promise.all([
      repo.listExams(this.db, courseId),
      repo.studentAttempts(this.db, actor.id, courseId),
      repo.completedLectureCount(this.db, actor.id, courseId),
    ]);
    const cards: ExamCard[] = [];
    for (const e of exams) {
      let attempt = attempts.find((a) => a.exam_id === e.id);
      if (attempt && (await this.submitIfOverdue(attempt))) attempt = await repo.findAttemptById(this.db, attempt.id);
      const questions = repo.parseQuestions(e);
      const remaining = lecturesToUnlock(e.week, completed);
      cards.push({
        id: e.id,
        week: e.week,
        title: e.title,
        duration: e.duration_minutes,
        questionCount: questions.length,
        maxGrade: maxGradeOf(questions),
        // An exam already started stays open whatever the lecture count says now.
        locked: remaining > 0 && !attempt,
        remainingLectures: attempt ? 0 : remaining,
        status: attempt?.status ?? 'not-started',
        grade: attempt?.status === 'graded' ? attempt.grade : null,
        secondsLeft:
          attempt?.status === 'in-progress'
            ? Math.max(0, Math.floor((Date.parse(attempt.deadline_at) - this.now().getTime()) / 1000))
            : null,
      });
    }
    return cards;
  }

  /** Opens the exam: the attempt is created on the first open, with the server's time; locked exams are refused. */
  async open(actor: Actor, examId: string): Promise<ExamAttemptView> {
    this.requireStudent(actor);
    const exam = await this.examOr404(examId);
    let attempt = await repo.findAttempt(this.db, examId, actor.id);
    if (!attempt) {
      const remaining = lecturesToUnlock(exam.week, await repo.completedLectureCount(this.db, actor.id, exam.course_id));
      if (remaining > 0) throw authorizationError(unlockMessage(remaining));
      const questions = repo.parseQuestions(exam);
      if (!questions.length) throw validationError('This exam has no questions yet.');
      const now = this.now();
      await repo.insertAttemptOnce(this.db, {
        exam_id: examId,
        student_id: actor.id,
        course_id: exam.course_id,
        status: 'in-progress',
        started_at: now.toISOString(),
        deadline_at: new Date(now.getTime() + exam.duration_minutes * 60_000).toISOString(),
        submitted_at: null,
        submitted_by: null,
        saved_at: null,
        answers: '{}',
        auto_points: null,
        tests: null,
        scores: null,
        grade: null,
        max_grade: maxGradeOf(questions),
        feedback: null,
        graded_by: null,
        graded_at: null,
      });
      attempt = (await repo.findAttempt(this.db, examId, actor.id))!;
    } else if (await this.submitIfOverdue(attempt)) {
      attempt = (await repo.findAttemptById(this.db, attempt.id))!;
    }
    return attemptView(exam, attempt, this.now());
  }

  private async attemptOr404(actor: Actor, examId: string) {
    this.requireStudent(actor);
    const exam = await this.examOr404(examId);
    const attempt = await repo.findAttempt(this.db, examId, actor.id);
    if (!attempt) throw notFoundError('Open the exam first.');
    return { exam, attempt };
  }

  /** An autosave: kept only if newer than the last kept one, and before the deadline plus the grace. */
  async save(actor: Actor, examId: string, save: ExamSave): Promise<ExamSaveResult> {
    this.requireStudent(actor);
    // One query on the hot path; when it finds nothing, the two-step lookup says what is missing (and throws).
    const attempt = await repo.findAttemptForSave(this.db, examId, actor.id);
    if (!attempt) {
      await this.attemptOr404(actor, examId);
      throw notFoundError('Open the exam first.');
    }
    this.checkAnswerKeys(attempt, save.answers);
    const now = this.now();
    const latest = new Date(now.getTime() - GRACE_MS).toISOString();
    const kept = await repo.saveAnswers(this.db, attempt.id, save.seq, save.answers, now.toISOString(), latest);
    if (kept)
      return { seq: save.seq, savedAt: now.toISOString(), serverNow: now.toISOString(), deadline: attempt.deadline_at, stale: false };
    const current = (await repo.findAttemptById(this.db, attempt.id))!;
    if (current.status !== 'in-progress') throw conflictError('This exam has been submitted; answers can no longer change.');
    if (current.deadline_at < latest) {
      await this.submitIfOverdue(current);
      throw conflictError("Time's up: this answer arrived after the exam ended.");
    }
    // An older save arriving late: the newer answers stay.
    return {
      seq: current.save_seq,
      savedAt: current.saved_at ?? now.toISOString(),
      serverNow: now.toISOString(),
      deadline: current.deadline_at,
      stale: true,
    };
  }

  private checkAnswerKeys(exam: Pick<repo.ExamRow, 'questions'>, answers: ExamAnswers) {
    const ids = new Set(repo.parseQuestions(exam).map((q) => q.id));
    for (const key of Object.keys(answers))
      if (!ids.has(key)) throw validationError('An answer names a question that is not in this exam.');
  }

  /** Submit Final Answers (or the page's timer): final answers may come with it, within the grace. */
  async submit(actor: Actor, examId: string, body: { seq?: number; answers?: ExamAnswers; timeUp?: boolean }): Promise<ExamAttemptView> {
    const { exam, attempt } = await this.attemptOr404(actor, examId);
    if (attempt.status !== 'in-progress') return attemptView(exam, attempt, this.now());
    if (body.answers) {
      this.checkAnswerKeys(exam, body.answers);
      await this.save(actor, examId, { seq: body.seq ?? attempt.save_seq + 1, answers: body.answers }).catch((err: unknown) => {
        // Too late for these answers: the attempt is submitted with what was saved in time.
        if (!(err instanceof Error) || !/Time's up|submitted/.test(err.message)) throw err;
      });
    }
    const current = (await repo.findAttemptById(this.db, attempt.id))!;
    await this.finish(current, body.timeUp ? 'timer' : 'student');
    return attemptView(exam, (await repo.findAttemptById(this.db, attempt.id))!, this.now());
  }

  /** Submits an attempt whose deadline plus grace passed; true when this call submitted it. */
  private async submitIfOverdue(attempt: repo.AttemptRow): Promise<boolean> {
    if (attempt.status !== 'in-progress') return false;
    if (Date.parse(attempt.deadline_at) + GRACE_MS > this.now().getTime()) return false;
    return this.finish(attempt, 'server');
  }

  /** The one way an attempt becomes submitted: mcq graded, First Exam badge, exactly once. */
  private async finish(stale: repo.AttemptRow, by: 'student' | 'timer' | 'server'): Promise<boolean> {
    const attempt = await repo.findAttemptById(this.db, stale.id);
    const exam = attempt && (await repo.findExam(this.db, attempt.exam_id));
    if (!attempt || !exam || attempt.status !== 'in-progress') return false;
    const questions = repo.parseQuestions(exam);
    const answers = repo.parseAnswers(attempt);
    const autoPoints = Object.fromEntries(questions.map((q) => [q.id, mcqPoints(q, answers[q.id])]));
    const now = this.now();
    const done = await repo.markSubmitted(this.db, attempt.id, { at: now.toISOString(), by, autoPoints });
    if (!done) return false;
    if ((await repo.countSubmittedAttempts(this.db, attempt.student_id)) === 1)
      await insertAward(this.db, attempt.student_id, 'badge_03', now);
    await this.deps.pubsub.publish({
      type: 'exam.submitted',
      studentId: attempt.student_id,
      examId: attempt.exam_id,
      courseId: attempt.course_id,
    });
    return true;
  }

  /** The job: submits every attempt left in progress past its deadline (one instance runs it, see main.ts). */
  async submitOverdue(): Promise<number> {
    const before = new Date(this.now().getTime() - GRACE_MS).toISOString();
    let submitted = 0;
    for (const attempt of await repo.overdueAttempts(this.db, before)) if (await this.finish(attempt, 'server')) submitted++;
    return submitted;
  }

  /** Whether the student has an exam attempt in progress now (the AI explanation is refused meanwhile). */
  async hasActiveAttempt(studentId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('exam_attempts')
      .select('id')
      .where('student_id', '=', studentId)
      .where('status', '=', 'in-progress')
      .where('deadline_at', '>', new Date(this.now().getTime() - GRACE_MS).toISOString())
      .executeTakeFirst();
    return !!row;
  }

  // ---- guides: grading ----

  async submissions(actor: Actor, courseId: string, status: 'pending' | 'graded'): Promise<ExamSubmissionView[]> {
    this.requireGuide(actor);
    await this.courseExists(courseId);
    const rows = await repo.courseSubmissions(this.db, courseId, status === 'pending' ? 'submitted' : 'graded');
    return rows.map((r) => this.submissionView(r, JSON.parse(r.questions) as ExamQuestion[], r.exam_title, r.week, r.student_name));
  }

  private submissionView(r: repo.AttemptRow, questions: ExamQuestion[], title: string, week: number, name: string): ExamSubmissionView {
    return {
      id: r.id,
      examId: r.exam_id,
      examTitle: title,
      week,
      studentId: r.student_id,
      studentName: name,
      status: r.status,
      startedAt: r.started_at,
      submittedAt: r.submitted_at,
      submittedBy: r.submitted_by,
      questions,
      answers: repo.parseAnswers(r),
      autoPoints: repo.parseJson<Record<string, number | null>>(r.auto_points) ?? {},
      tests: repo.parseJson<Record<string, TestOutcome[]>>(r.tests) ?? {},
      scores: repo.parseJson<Record<string, number>>(r.scores),
      grade: r.grade,
      maxGrade: r.max_grade,
      feedback: r.feedback,
    };
  }

  private async submissionOr404(id: number) {
    const attempt = await repo.findAttemptById(this.db, id);
    if (!attempt) throw notFoundError('Submission not found');
    const exam = (await repo.findExam(this.db, attempt.exam_id))!;
    return { attempt, exam, questions: repo.parseQuestions(exam) };
  }

  /** Runs the tests of each code and debug question against the answers: a suggested score per question. */
  async runTestsFor(actor: Actor, id: number): Promise<ExamSubmissionView> {
    this.requireGuide(actor);
    const { attempt, exam, questions } = await this.submissionOr404(id);
    if (attempt.status === 'in-progress') throw conflictError('This attempt is still in progress.');
    if (!this.runTests) throw validationError('Code running is unavailable on this server.');
    const answers = repo.parseAnswers(attempt);
    const tests: Record<string, TestOutcome[]> = {};
    const autoPoints = repo.parseJson<Record<string, number | null>>(attempt.auto_points) ?? {};
    for (const q of questions) {
      if ((q.type !== 'code' && q.type !== 'debug') || !q.tests?.length) continue;
      const answer = answers[q.id];
      const outcomes = typeof answer === 'string' && answer.trim() ? await this.runTests(q, answer, exam.course_id) : [];
      tests[q.id] = outcomes;
      const passed = outcomes.filter((o) => o.passed).length;
      autoPoints[q.id] = Math.round((q.points * passed) / q.tests.length);
    }
    // Written once: a run that finds another already stored over what it read shows that one instead.
    await repo.setTestsOnce(this.db, id, attempt.tests, JSON.stringify(tests), JSON.stringify(autoPoints));
    return this.submissionView(
      (await repo.findAttemptById(this.db, id))!,
      questions,
      exam.title,
      exam.week,
      (await repo.studentName(this.db, attempt.student_id)) ?? '',
    );
  }

  async grade(actor: Actor, id: number, input: ExamGrade): Promise<ExamSubmissionView> {
    this.requireGuide(actor);
    const { attempt, exam, questions } = await this.submissionOr404(id);
    if (attempt.status === 'in-progress') throw conflictError('This attempt is still in progress: grade it once it is submitted.');
    const scores: Record<string, number> = {};
    for (const q of questions) {
      const given = input.scores[q.id];
      const score = given ?? 0;
      if (!scoreWithinLimits(score, q))
        throw validationError(`The score for "${q.prompt.slice(0, 40) || q.id}" must be between 0 and ${q.points}.`);
      scores[q.id] = score;
    }
    for (const key of Object.keys(input.scores))
      if (!questions.some((q) => q.id === key)) throw validationError('A score names a question that is not in this exam.');
    const grade = Object.values(scores).reduce((a, b) => a + b, 0);
    const maxGrade = maxGradeOf(questions);
    const now = this.now();
    await repo.setGrade(this.db, id, { scores, grade, feedback: (input.feedback ?? '').trim(), by: actor.id, at: now.toISOString() });
    if (maxGrade > 0 && grade === maxGrade) await insertAward(this.db, attempt.student_id, 'badge_02', now);
    await this.awardBugSquasher(attempt.student_id, now);
    await this.deps.pubsub.publish({ type: 'exam.graded', studentId: attempt.student_id, examId: exam.id, courseId: exam.course_id });
    return this.submissionView(
      (await repo.findAttemptById(this.db, id))!,
      questions,
      exam.title,
      exam.week,
      (await repo.studentName(this.db, attempt.student_id)) ?? '',
    );
  }

  /** badge_06 Bug Squasher: five debug questions solved with full points, over every graded exam. */
  private async awardBugSquasher(studentId: string, now: Date) {
    let solved = 0;
    for (const row of await repo.gradedAttemptsOf(this.db, studentId)) {
      const scores = repo.parseJson<Record<string, number>>(row.scores) ?? {};
      for (const q of JSON.parse(row.questions) as ExamQuestion[])
        if (q.type === 'debug' && q.points > 0 && scores[q.id] === q.points) solved++;
    }
    if (solved >= BUG_SQUASHER_DEBUG_SOLVED) await insertAward(this.db, studentId, 'badge_06', now);
  }
}
