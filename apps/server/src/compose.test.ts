import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examEditSchema } from '@learn/shared';
import { createTestDeps, engines, GUIDE_EMAIL } from '../test/harness.js';
import { actorFor } from '../test/factories.js';
import { compose, type Composition } from './compose.js';
import type { AppDeps } from './platform/deps.js';
import type { ManualClock } from './platform/clock.js';
import type { Actor } from './platform/authenticate.js';
import { insertUser, findUserByEmail } from './modules/people/repository.js';
import { insertCompletion } from './modules/progress/repository.js';
import { EXAM_STATUS_UNKNOWN, ExplainService, IN_EXAM_MESSAGE } from './modules/explain/service.js';

const COURSE = 'course_python_01';

/** The composition root's services, used as the jobs and tests use them: no Fastify instance anywhere. */
describe.each(engines)('compose: services without Fastify (%s)', (engine) => {
  let deps: AppDeps;
  let clock: ManualClock;
  let drop: () => Promise<void>;
  let composition: Composition;
  let guide: Actor;
  let student: Actor;

  beforeAll(async () => {
    ({ deps, clock, drop } = await createTestDeps(engine));
    composition = compose(deps);
    const g = (await findUserByEmail(deps.db, GUIDE_EMAIL))!;
    guide = actorFor('guide', g.id);
    student = actorFor('student', 'user_student_compose');
    await insertUser(deps.db, { ...userRow(student), created_at: clock.now().toISOString() });
  });
  afterAll(async () => {
    composition.services.lectureStates.close();
    await composition.services.runner.close();
    await drop();
  });

  it('lists the periodic jobs with the services they run', () => {
    expect(composition.jobs.map((j) => j.name)).toEqual([
      'session purge',
      'exam deadlines',
      'homework resume',
      'similarity refresh',
      'chat retention',
    ]);
  });

  it('refuses explanations to a student while their exam attempt runs, through the composed exams service', async () => {
    const { exams, explain } = composition.services;
    const exam = await exams.authoring.create(guide, COURSE, 1);
    const edit = examEditSchema.parse({
      title: 'Week 1',
      duration: 30,
      questions: [{ id: 'q1', type: 'mcq', prompt: 'Two plus three?', points: 10, options: ['4', '5'], correctOption: 1 }],
    });
    await exams.authoring.edit(guide, exam.id, edit);
    for (let day = 1; day <= 7; day++) await insertCompletion(deps.db, student.id, `python-day-${day}`, clock.now());

    await expect(explain.authorize(student)).resolves.toBeUndefined();
    await exams.attempts.open(student, exam.id);
    await expect(explain.authorize(student)).rejects.toMatchObject({ status: 403, message: IN_EXAM_MESSAGE });
    await expect(explain.authorize(guide)).resolves.toBeUndefined();
    await exams.attempts.submit(student, exam.id, {});
    await expect(explain.authorize(student)).resolves.toBeUndefined();
  });

  it('fails closed: when the exams service cannot answer, a student gets no explanation', async () => {
    const unanswered = { hasActiveAttempt: () => Promise.reject(new Error('the database went away')) };
    const explain = new ExplainService(deps.config.explain, deps.clock, deps.db, unanswered);
    await expect(explain.authorize(student)).rejects.toMatchObject({ status: 503, message: EXAM_STATUS_UNKNOWN });
    // A guide takes no exams: nothing to ask.
    await expect(explain.authorize(guide)).resolves.toBeUndefined();
  });

  it('runs a job without an app: the deadline job submits an attempt left past its deadline', async () => {
    const { exams } = composition.services;
    const [exam] = await exams.authoring.manage(guide, COURSE);
    const late = actorFor('student', 'user_student_compose_late');
    await insertUser(deps.db, { ...userRow(late), created_at: clock.now().toISOString() });
    for (let day = 1; day <= 7; day++) await insertCompletion(deps.db, late.id, `python-day-${day}`, clock.now());
    expect((await exams.attempts.open(late, exam!.id)).status).toBe('in-progress');
    clock.advance(31 * 60_000);
    await composition.jobs.find((j) => j.name === 'exam deadlines')!.run();
    const [card] = await exams.attempts.list(late, COURSE);
    expect(card).toMatchObject({ id: exam!.id, status: 'submitted' });
  });
});

function userRow(actor: Actor) {
  return { id: actor.id, name: actor.name, email: actor.email, role: actor.role, password_hash: 'x', batch_id: null, last_login: null };
}
