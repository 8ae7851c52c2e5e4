import { EXAM_CHECKS_PER_MINUTE, EXAM_SAVE_GRACE_SECONDS, type ExamCheckResult } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import type { Actor } from '../../platform/authenticate.js';
import { authorizationError, conflictError, notFoundError, tooManyRequestsError, validationError } from '../../platform/errors.js';
import { RateLimit } from '../../platform/rate-limit.js';
import * as repo from './repository.js';
import { canTakeExams } from './policy.js';
import type { ExamTestRunner } from './service.js';

/**
 * "Check" during an exam (issue 26): the student's answer to a code or debug question, run against the
 * question's sample test (its first test, which the student already sees) through the same test runner
 * grading uses. Other tests, their count and any points stay on the server.
 */
export class ExamCheck {
  private readonly rate: RateLimit;

  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'clock' | 'rateStore'>,
    private readonly runTests: ExamTestRunner,
  ) {
    this.rate = new RateLimit('exam-check', EXAM_CHECKS_PER_MINUTE, deps.rateStore);
  }

  async check(actor: Actor, examId: string, questionId: string, code: string): Promise<ExamCheckResult> {
    if (!canTakeExams(actor)) throw authorizationError('Only students take exams; use Preview to see one.');
    const exam = await repo.findExam(this.deps.db, examId);
    if (!exam) throw notFoundError('Exam not found');
    const attempt = await repo.findAttempt(this.deps.db, examId, actor.id);
    if (!attempt) throw notFoundError('Open the exam first.');
    const now = this.deps.clock.now();
    if (attempt.status !== 'in-progress' || Date.parse(attempt.deadline_at) + EXAM_SAVE_GRACE_SECONDS * 1000 < now.getTime())
      throw conflictError('This exam has ended; answers can no longer be checked.');
    const question = repo.parseQuestions(exam).find((q) => q.id === questionId);
    if (!question) throw notFoundError('Question not found');
    const sample = question.tests?.[0];
    if ((question.type !== 'code' && question.type !== 'debug') || !sample)
      throw validationError('This question has no sample test to check against.');
    if (!code.trim()) throw validationError('Write your answer before checking.');
    const wait = await this.rate.check(actor.id, now);
    if (wait !== null) throw tooManyRequestsError(`You have checked code a lot in the last minute. Wait ${wait} s and try again.`, wait);
    const [outcome] = await this.runTests({ ...question, tests: [sample] }, code, exam.course_id, true);
    return {
      passed: !!outcome?.passed,
      input: sample.stdin,
      expected: sample.expectedOutput,
      actual: outcome?.actual ?? '',
      error: outcome?.error ?? null,
    };
  }
}
