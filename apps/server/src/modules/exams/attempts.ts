import { unlockMessage, type ExamAnswers, type ExamAttemptView, type ExamCard, type ExamSave, type ExamSaveResult } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import type { Actor } from '../../platform/authenticate.js';
import { authorizationError, conflictError, notFoundError, validationError } from '../../platform/errors.js';
import type { BadgeAwards } from '../progress/service.js';
import * as repo from './repository.js';
import { canTakeExams, lecturesToUnlock, mcqPoints } from './policy.js';
import { attemptView, maxGradeOf } from './views.js';
import { courseOr404, examOr404, GRACE_MS } from './service.js';

/**
 * Students take exams: the list, the attempt (created with the server's time on the first open), autosaves,
 * the submit; the deadline job; and whether a student is in an exam now (the explain module asks).
 */
export class ExamAttempts {
  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'clock' | 'pubsub'>,
    private readonly awards: BadgeAwards,
  ) {}

  private get db() {
    return this.deps.db;
  }

  private now() {
    return this.deps.clock.now();
  }

  private requireStudent(actor: Actor) {
    if (!canTakeExams(actor)) throw authorizationError('Only students take exams; use Preview to see one.');
  }

  async list(actor: Actor, courseId: string): Promise<ExamCard[]> {
    this.requireStudent(actor);
    await courseOr404(this.db, courseId);
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
    const exam = await examOr404(this.db, examId);
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
    const exam = await examOr404(this.db, examId);
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
      await this.awards.award(attempt.student_id, 'badge_03', now);
    await this.deps.pubsub.publish({
      type: 'exam.submitted',
      studentId: attempt.student_id,
      examId: attempt.exam_id,
      courseId: attempt.course_id,
    });
    return true;
  }

  /** The job: submits every attempt left in progress past its deadline (one instance runs it; the job is listed in compose.ts). */
  async submitOverdue(): Promise<number> {
    const before = new Date(this.now().getTime() - GRACE_MS).toISOString();
    let submitted = 0;
    for (const attempt of await repo.overdueAttempts(this.db, before)) if (await this.finish(attempt, 'server')) submitted++;
    return submitted;
  }

  /** Whether the student has an exam attempt in progress now (the AI explanation is refused meanwhile). */
  async hasActiveAttempt(studentId: string): Promise<boolean> {
    return repo.hasActiveAttempt(this.db, studentId, new Date(this.now().getTime() - GRACE_MS).toISOString());
  }
}
