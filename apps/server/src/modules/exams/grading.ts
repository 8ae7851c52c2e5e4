import type { ExamGrade, ExamQuestion, ExamSubmissionView, TestOutcome } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import type { Actor } from '../../platform/authenticate.js';
import { authorizationError, conflictError, notFoundError, validationError } from '../../platform/errors.js';
import type { BadgeAwards } from '../progress/service.js';
import * as repo from './repository.js';
import { canManageExams, scoreWithinLimits } from './policy.js';
import { maxGradeOf } from './views.js';
import { courseOr404, type ExamTestRunner } from './service.js';

const BUG_SQUASHER_DEBUG_SOLVED = 5;

/** Guides grade submitted attempts: the list, the tests of code answers (a suggested score), the grade. */
export class ExamGrading {
  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'clock' | 'pubsub'>,
    private readonly awards: BadgeAwards,
    private readonly runTests: ExamTestRunner,
  ) {}

  private get db() {
    return this.deps.db;
  }

  private requireGuide(actor: Actor) {
    if (!canManageExams(actor)) throw authorizationError();
  }

  async submissions(actor: Actor, courseId: string, status: 'pending' | 'graded'): Promise<ExamSubmissionView[]> {
    this.requireGuide(actor);
    await courseOr404(this.db, courseId);
    const rows = await repo.courseSubmissions(this.db, courseId, status === 'pending' ? 'submitted' : 'graded');
    return rows.map((r) => submissionView(r, JSON.parse(r.questions) as ExamQuestion[], r.exam_title, r.week, r.student_name));
  }

  private async submissionOr404(id: number) {
    const attempt = await repo.findAttemptById(this.db, id);
    if (!attempt) throw notFoundError('Submission not found');
    const exam = (await repo.findExam(this.db, attempt.exam_id))!;
    return { attempt, exam, questions: repo.parseQuestions(exam) };
  }

  private async viewOf(id: number, questions: ExamQuestion[], exam: repo.ExamRow, studentId: string) {
    const name = (await repo.studentName(this.db, studentId)) ?? '';
    return submissionView((await repo.findAttemptById(this.db, id))!, questions, exam.title, exam.week, name);
  }

  /** Runs the tests of each code and debug question against the answers: a suggested score per question. */
  async runTestsFor(actor: Actor, id: number): Promise<ExamSubmissionView> {
    this.requireGuide(actor);
    const { attempt, exam, questions } = await this.submissionOr404(id);
    if (attempt.status === 'in-progress') throw conflictError('This attempt is still in progress.');
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
    return this.viewOf(id, questions, exam, attempt.student_id);
  }

  async grade(actor: Actor, id: number, input: ExamGrade): Promise<ExamSubmissionView> {
    this.requireGuide(actor);
    const { attempt, exam, questions } = await this.submissionOr404(id);
    if (attempt.status === 'in-progress') throw conflictError('This attempt is still in progress: grade it once it is submitted.');
    const scores: Record<string, number> = {};
    for (const q of questions) {
      const score = input.scores[q.id] ?? 0;
      if (!scoreWithinLimits(score, q))
        throw validationError(`The score for "${q.prompt.slice(0, 40) || q.id}" must be between 0 and ${q.points}.`);
      scores[q.id] = score;
    }
    for (const key of Object.keys(input.scores))
      if (!questions.some((q) => q.id === key)) throw validationError('A score names a question that is not in this exam.');
    const grade = Object.values(scores).reduce((a, b) => a + b, 0);
    const maxGrade = maxGradeOf(questions);
    const now = this.deps.clock.now();
    await repo.setGrade(this.db, id, { scores, grade, feedback: (input.feedback ?? '').trim(), by: actor.id, at: now.toISOString() });
    if (maxGrade > 0 && grade === maxGrade) await this.awards.award(attempt.student_id, 'badge_02', now);
    await this.awardBugSquasher(attempt.student_id, now);
    await this.deps.pubsub.publish({ type: 'exam.graded', studentId: attempt.student_id, examId: exam.id, courseId: exam.course_id });
    return this.viewOf(id, questions, exam, attempt.student_id);
  }

  /** badge_06 Bug Squasher: five debug questions solved with full points, over every graded exam. */
  private async awardBugSquasher(studentId: string, now: Date) {
    let solved = 0;
    for (const row of await repo.gradedAttemptsOf(this.db, studentId)) {
      const scores = repo.parseJson<Record<string, number>>(row.scores) ?? {};
      for (const q of JSON.parse(row.questions) as ExamQuestion[])
        if (q.type === 'debug' && q.points > 0 && scores[q.id] === q.points) solved++;
    }
    if (solved >= BUG_SQUASHER_DEBUG_SOLVED) await this.awards.award(studentId, 'badge_06', now);
  }
}

function submissionView(r: repo.AttemptRow, questions: ExamQuestion[], title: string, week: number, name: string): ExamSubmissionView {
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
