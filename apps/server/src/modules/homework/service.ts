import type { LessonTask } from '@learn/content';
import type {
  CheckResult,
  GradeLetter,
  GuideSubmissionsResponse,
  HomeworkTask,
  StudentHomeworkResponse,
  SubmissionView,
  TaskProgress,
  TestOutcome,
} from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import type { Actor } from '../../platform/authenticate.js';
import { audit } from '../../platform/audit.js';
import { authorizationError, notFoundError, tooManyRequestsError, validationError } from '../../platform/errors.js';
import type { RunnerService } from '../runner/service.js';
import { RateLimit } from '../../platform/rate-limit.js';
import type { HomeworkGrader } from './grader.js';
import { courseLanguage, forStudent, runTaskTests } from './grading.js';
import { canReadSubmission, canReviewHomework, canSubmitHomework, seesHiddenTests, worksOnHomework } from './policy.js';
import * as repo from './repository.js';
import { gradebookCsv } from './gradebook.js';

/** Submissions per user per minute (server clock), and checks per user per minute. */
export const SUBMITS_PER_MINUTE = 10;
export const CHECKS_PER_MINUTE = 20;

function taskView(lectureId: string, taskIndex: number, task: LessonTask, language: HomeworkTask['language']): HomeworkTask {
  const tests = task.autograde === false ? [] : (task.tests ?? []);
  const first = tests[0];
  return {
    lectureId,
    taskIndex,
    type: task.type,
    content: task.content,
    initialCode: task.initialCode ?? '',
    language,
    autograde: tests.length > 0,
    sample: first ? { input: first.stdin, expected: first.expectedOutput } : null,
    hiddenCount: Math.max(0, tests.length - 1),
    hints: task.hints ?? [],
  };
}

function submissionView(row: repo.SubmissionRow, actor: Actor, extra: Partial<SubmissionView> = {}): SubmissionView {
  const tests = row.test_results ? (JSON.parse(row.test_results) as TestOutcome[]) : null;
  return {
    id: Number(row.id),
    studentId: row.student_id,
    lectureId: row.lecture_id,
    courseId: row.course_id,
    taskIndex: row.task_index,
    code: row.code,
    language: row.language,
    submittedAt: row.submitted_at,
    grade: row.grade,
    feedback: row.feedback,
    gradedAt: row.graded_at,
    autogradeStatus: row.autograde_status,
    proposedGrade: seesHiddenTests(actor) ? row.proposed_grade : null,
    passed: row.passed,
    total: row.total,
    tests: tests && (seesHiddenTests(actor) ? tests : forStudent(tests)),
    ...extra,
  };
}

function progressView(c: repo.CheckRow): TaskProgress {
  return {
    results: JSON.parse(c.results) as boolean[],
    passed: c.passed,
    total: c.total,
    checkedAt: c.checked_at,
    solvedAt: c.solved_at,
  };
}

export class HomeworkService {
  private readonly submitRate: RateLimit;
  private readonly checkRate: RateLimit;

  constructor(
    private readonly deps: AppDeps,
    private readonly runner: RunnerService,
    private readonly grader: HomeworkGrader,
  ) {
    this.submitRate = new RateLimit('homework-submit', SUBMITS_PER_MINUTE, deps.rateStore);
    this.checkRate = new RateLimit('homework-check', CHECKS_PER_MINUTE, deps.rateStore);
  }

  /** GET /api/homework: the student's granted assignment tasks (sample test only) and own current submissions. */
  async studentHomework(actor: Actor, courseId: string): Promise<StudentHomeworkResponse> {
    const { db } = this.deps;
    if (!(await repo.courseExists(db, courseId))) throw notFoundError('Course not found');
    const language = courseLanguage(courseId);
    const [assignments, submissions, checks] = await Promise.all([
      repo.grantedAssignments(db, actor.id, courseId),
      repo.studentSubmissions(db, actor.id, courseId),
      repo.studentChecks(db, actor.id, courseId),
    ]);
    const current = new Map(submissions.map((s) => [`${s.lecture_id}#${s.task_index}`, s]));
    const progress = new Map(checks.map((c) => [`${c.lecture_id}#${c.task_index}`, progressView(c)]));
    return {
      lectures: assignments.map((a) => ({
        lectureId: a.lectureId,
        day: a.day,
        title: a.title,
        tasks: a.tasks.map((task, i) => {
          const s = current.get(`${a.lectureId}#${i}`);
          return {
            ...taskView(a.lectureId, i, task, language),
            submission: s ? submissionView(s, actor) : null,
            progress: progress.get(`${a.lectureId}#${i}`) ?? null,
          };
        }),
      })),
    };
  }

  private async grantedTask(actor: Actor, lectureId: string, taskIndex: number) {
    const { db } = this.deps;
    const assignment = await repo.assignmentFor(db, lectureId);
    const hasGrant = worksOnHomework(actor) && !!assignment && (await repo.hasAssignmentGrant(db, actor.id, lectureId));
    if (!canSubmitHomework(actor, hasGrant)) throw authorizationError('You do not have access to this assignment.');
    const task = assignment!.tasks[taskIndex];
    if (!task) throw notFoundError('Task not found');
    return { assignment: assignment!, task, language: courseLanguage(assignment!.courseId) };
  }

  private async limit(rate: RateLimit, actor: Actor, what: string) {
    const wait = await rate.check(actor.id, this.deps.clock.now());
    if (wait !== null) throw tooManyRequestsError(`You have ${what} a lot in the last minute. Wait ${wait} s and try again.`, wait);
  }

  /**
   * POST /api/homework/check: runs the task's tests now; hidden ones come back as counts only. The outcome
   * (pass/fail per test) is kept as the task's progress.
   */
  async check(actor: Actor, req: { lectureId: string; taskIndex: number; code: string }): Promise<CheckResult> {
    const { assignment, task, language } = await this.grantedTask(actor, req.lectureId, req.taskIndex);
    if (task.autograde === false || !task.tests?.length)
      throw validationError('This task has no tests to check against; a guide grades it.');
    const status = await this.runner.sandboxStatus();
    if (!status.available) throw validationError(`Code running is unavailable: ${status.reason ?? 'no sandbox'}`);
    await this.limit(this.checkRate, actor, 'checked code');
    const run = await runTaskTests(this.runner, task, language, req.code, 'homework', true);
    const hidden = run.tests.filter((t) => t.hidden);
    await repo.saveCheck(this.deps.db, {
      studentId: actor.id,
      lectureId: req.lectureId,
      courseId: assignment.courseId,
      taskIndex: req.taskIndex,
      results: run.tests.map((t) => t.passed),
      at: this.deps.clock.now(),
    });
    return {
      compileOk: run.compileOk,
      compileOutput: run.compileOutput,
      sample: run.tests.find((t) => !t.hidden) ?? null,
      hiddenPassed: hidden.filter((t) => t.passed).length,
      hiddenTotal: hidden.length,
      passed: run.passed,
      total: run.tests.length,
    };
  }

  /** POST /api/homework/submissions: stored at once (replacing the graded one); graded in the background. */
  async submit(actor: Actor, req: { lectureId: string; taskIndex: number; code: string }): Promise<SubmissionView> {
    const { db, clock } = this.deps;
    const { assignment, task, language } = await this.grantedTask(actor, req.lectureId, req.taskIndex);
    await this.limit(this.submitRate, actor, 'submitted');
    const now = clock.now();
    const autograde = task.autograde !== false && (task.tests?.length ?? 0) > 0;
    const id = await db.transaction().execute(async (trx) => {
      const newId = await repo.insertSubmission(trx, {
        studentId: actor.id,
        lectureId: req.lectureId,
        courseId: assignment.courseId,
        taskIndex: req.taskIndex,
        code: req.code,
        language,
        at: now,
        status: autograde ? 'queued' : 'none',
      });
      await audit(trx, {
        actorId: actor.id,
        action: 'homework.submit',
        target: String(newId),
        details: { lectureId: req.lectureId, taskIndex: req.taskIndex },
        at: now,
      });
      return newId;
    });
    if (autograde) this.grader.enqueue(id);
    return submissionView((await repo.findSubmission(db, id))!, actor);
  }

  /** GET /api/homework/submissions: a course's current submissions with their history (guides). */
  async courseSubmissions(actor: Actor, courseId: string, status: 'all' | 'pending'): Promise<GuideSubmissionsResponse> {
    if (!canReviewHomework(actor)) throw authorizationError();
    const { db } = this.deps;
    if (!(await repo.courseExists(db, courseId))) throw notFoundError('Course not found');
    const rows = await repo.courseSubmissions(db, courseId);
    const view = (r: (typeof rows)[number]) =>
      submissionView(r, actor, { studentName: r.student_name, lectureTitle: r.lecture_title, day: r.day });
    const history = new Map<string, SubmissionView[]>();
    for (const r of rows.filter((r) => r.superseded)) {
      const key = `${r.student_id}#${r.lecture_id}#${r.task_index}`;
      history.set(key, [...(history.get(key) ?? []), view(r)]);
    }
    const current = rows.filter((r) => !r.superseded && (status === 'all' || r.grade === null));
    return {
      submissions: current.map((r) => ({ ...view(r), history: history.get(`${r.student_id}#${r.lecture_id}#${r.task_index}`) ?? [] })),
    };
  }

  /** PUT /api/homework/submissions/:id/grade: a guide's letter and feedback replace the previous grade. */
  async grade(actor: Actor, id: number, g: { grade: GradeLetter; feedback: string }): Promise<SubmissionView> {
    if (!canReviewHomework(actor)) throw authorizationError();
    const { db, clock, pubsub } = this.deps;
    const row = await repo.findSubmission(db, id);
    if (!row || !canReadSubmission(actor, row.student_id)) throw notFoundError('Submission not found');
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await repo.saveGrade(trx, id, { grade: g.grade, feedback: g.feedback, by: actor.id, at: now });
      await audit(trx, { actorId: actor.id, action: 'homework.grade', target: String(id), details: { grade: g.grade }, at: now });
    });
    await pubsub.publish({ type: 'homework.graded', studentId: row.student_id, submissionId: id, courseId: row.course_id });
    return submissionView((await repo.findSubmission(db, id))!, actor);
  }

  /** GET /api/homework/gradebook.csv: the course's gradebook (guides). */
  async gradebook(actor: Actor, courseId: string): Promise<{ filename: string; csv: string }> {
    if (!canReviewHomework(actor)) throw authorizationError();
    const book = await gradebookCsv(this.deps.db, courseId);
    if (!book) throw notFoundError('Course not found');
    return book;
  }
}
