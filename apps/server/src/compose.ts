import type { AppDeps } from './platform/deps.js';
import { createLog, type Log } from './platform/log.js';
import type { Job } from './platform/scheduler.js';
import { purgeExpiredSessions } from './platform/sessions.js';
import { RunnerService } from './modules/runner/service.js';
import { HomeworkGrader } from './modules/homework/grader.js';
import { HomeworkService } from './modules/homework/service.js';
import { LegacyHomework } from './modules/homework/legacy.js';
import { courseLanguage, runTaskTests } from './modules/homework/grading.js';
import { badgeAwards } from './modules/progress/service.js';
import { ExamAuthoring } from './modules/exams/authoring.js';
import { ExamAttempts } from './modules/exams/attempts.js';
import { ExamGrading } from './modules/exams/grading.js';
import { ExamCheck } from './modules/exams/check.js';
import type { ExamTestRunner } from './modules/exams/service.js';
import { ExplainService } from './modules/explain/service.js';
import { ChatService } from './modules/chat/service.js';
import { SimilarityWorker } from './modules/similarity/worker.js';
import { SimilarityService } from './modules/similarity/service.js';
import { QueuedComparisons } from './modules/similarity/queued-job.js';
import { LectureStateCache } from './modules/courses/lecture-state-cache.js';

/**
 * Every service built once, each from the configuration and the services it names in its constructor.
 * Routes (app.ts) and scheduled jobs (jobs.ts) receive them from here; nothing is hung on the Fastify
 * instance, so the compiler and lint (serverModuleImports) see each arrow between modules.
 *
 * Modules whose services are plain functions of `AppDeps` (auth, people, batches, access, courses,
 * progress, dashboard, analytics, health) hold no state and need no construction: their routes call them
 * with `deps`.
 */
export interface Services {
  runner: RunnerService;
  grader: HomeworkGrader;
  homework: HomeworkService;
  legacyHomework: LegacyHomework;
  exams: { authoring: ExamAuthoring; attempts: ExamAttempts; grading: ExamGrading; check: ExamCheck };
  explain: ExplainService;
  chat: ChatService;
  similarityWorker: SimilarityWorker;
  /** REDIS_URL: comparisons are jobs for the runner workers (the claim and results stay here); null: in-process. */
  similarityQueue: QueuedComparisons | null;
  similarity: SimilarityService;
  lectureStates: LectureStateCache;
}

export interface Composition {
  services: Services;
  /** The periodic jobs, for the scheduler (jobs.ts): each runs on one instance per period. */
  jobs: Job[];
}

/** pino's shape for an error in a JSON log line (what Fastify's logger writes for `{ err }`). */
const errorFields = (err: unknown) =>
  err instanceof Error ? { type: err.name, message: err.message, stack: err.stack } : { message: String(err) };

/** Builds every service and job from the deps. Tests and benchmarks call it too, with or without Fastify. */
export function compose(deps: AppDeps, log: Log = createLog({ level: deps.config.logLevel, format: deps.config.logFormat })): Composition {
  const runner = new RunnerService(deps.config.runner, deps.clock, deps.rateStore, {
    debug: (detail, message) => log.debug(message, detail as Record<string, unknown>),
  });
  const grader = new HomeworkGrader(deps, runner, (err, id) => log.error('homework grading failed', { err: errorFields(err), id }));
  const homework = new HomeworkService(deps, runner, grader);

  // Exam code answers are graded by the homework grader's test runner, in the runner's grading lane.
  const runExamTests: ExamTestRunner = (question, code, courseId, waiting) =>
    runTaskTests(
      runner,
      { type: 'homework', content: question.prompt, tests: question.tests ?? [] },
      courseLanguage(courseId),
      code,
      'exam',
      waiting,
    ).then((r) => r.tests);
  const awards = badgeAwards(deps);
  const exams = {
    authoring: new ExamAuthoring(deps),
    attempts: new ExamAttempts(deps, awards),
    grading: new ExamGrading(deps, awards, runExamTests),
    check: new ExamCheck(deps, runExamTests),
  };

  const queue = deps.config.runner.queue;
  const similarityQueue = queue ? new QueuedComparisons(queue.redisUrl, queue.prefix) : null;
  const similarityWorker = new SimilarityWorker(
    deps,
    (err, scope) => log.error('similarity comparison failed', { err: errorFields(err), scope }),
    similarityQueue?.compare,
  );
  const chat = new ChatService(deps);

  const services: Services = {
    runner,
    grader,
    homework,
    legacyHomework: new LegacyHomework(deps, homework),
    exams,
    // Required, not optional: without the exams service there is no explain service at all.
    explain: new ExplainService(deps.config.explain, deps.clock, deps.db, exams.attempts, deps.rateStore),
    chat,
    similarityWorker,
    similarityQueue,
    similarity: new SimilarityService(deps, similarityWorker),
    lectureStates: new LectureStateCache(deps.pubsub),
  };

  const jobs: Job[] = [
    { name: 'session purge', everyMs: 10 * 60_000, run: () => purgeExpiredSessions(deps.db, deps.clock.now(), deps.config.session) },
    // Attempts whose student left: submitted by the server at the deadline (plus the grace), on one instance.
    {
      name: 'exam deadlines',
      everyMs: 15_000,
      run: async () => {
        const n = await exams.attempts.submitOverdue();
        if (n) log.info(`${n} exam attempt(s) submitted at their deadline`);
      },
    },
    // Homework grading left by a server that stopped (its claim ran out) is taken over within a minute.
    { name: 'homework resume', everyMs: 60_000, run: () => grader.resume() },
    // Similar submissions: a scope whose submissions changed is compared again, abandoned comparisons taken over.
    { name: 'similarity refresh', everyMs: 60_000, run: () => similarityWorker.refresh() },
    // Chat retention: messages no one can see any more (past the students' 48 hours, cleared by every guide) and their images.
    {
      name: 'chat retention',
      everyMs: 15 * 60_000,
      run: async () => {
        const n = await chat.purge();
        if (n) log.info(`${n} chat message(s) deleted`);
      },
    },
  ];
  return { services, jobs };
}
