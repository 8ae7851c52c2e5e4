import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../test/harness.js';
import { seed } from './seed.js';

describe.each(engines)('first-start seed (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  async function counts() {
    const n = async (table: 'users' | 'batches' | 'courses') =>
      Number(
        (
          await t.deps.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { users: await n('users'), batches: await n('batches'), courses: await n('courses') };
  }

  it('creates the default guide, the six batches and the three courses', async () => {
    const courses = await t.deps.db.selectFrom('courses').selectAll().orderBy('position').execute();
    expect(courses.map((c) => [c.id, c.title, c.prefix])).toEqual([
      ['course_c_01', 'C Programming', 'c-cpp'],
      ['course_cpp_01', 'C++ Programming', 'c-cpp'],
      ['course_python_01', 'Python Programming', 'python'],
    ]);
    const batches = await t.deps.db.selectFrom('batches').select('name').orderBy('created_at').execute();
    expect(batches.map((b) => b.name)).toEqual(['Spring 2024', 'Summer 2024', 'Fall 2024', 'Spring 2025', 'Summer 2025', 'Fall 2025']);
    const guides = await t.deps.db.selectFrom('users').selectAll().where('role', '=', 'guide').execute();
    expect(guides.map((g) => g.email)).toEqual([GUIDE_EMAIL]);
    // Stored as a full-strength hash of the current kind, never as text.
    expect(guides[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(t.deps.hasher.needsRehash(guides[0]!.password_hash)).toBe(false);
  });

  it('changes nothing when run again', async () => {
    const before = await counts();
    const again = await seed(t.deps);
    expect(again.createdGuide).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('does not bring deleted default batches back', async () => {
    await t.deps.db.deleteFrom('batches').execute();
    await seed(t.deps);
    expect((await counts()).batches).toBe(0);
  });
});

describe('generated first password', () => {
  it('is generated and reported once when LEARN_GUIDE_PASSWORD is not set', async () => {
    const t = await createTestApp('sqlite');
    try {
      await t.deps.db.deleteFrom('users').execute();
      const deps = { ...t.deps, config: { ...t.deps.config, guide: { ...t.deps.config.guide, password: undefined } } };
      const first = await seed(deps);
      expect(first.generatedGuidePassword).toMatch(/^[A-Za-z0-9]{12}$/);
      const cookie = await t.login(GUIDE_EMAIL, first.generatedGuidePassword!);
      expect(cookie).toMatch(/^learn_session=/);
      const second = await seed(deps);
      expect(second.generatedGuidePassword).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('LEARN_GUIDE_PASSWORD on a later start', () => {
  it('is applied while the mate account has never signed in, ignored (and said so) once it has', async () => {
    const t = await createTestApp('sqlite');
    try {
      const later = (password: string) => ({ ...t.deps, config: { ...t.deps.config, guide: { ...t.deps.config.guide, password } } });
      // The variable holding the password the account already has: nothing to apply, nothing to say.
      expect((await seed(later(GUIDE_PASSWORD))).guidePassword).toBeUndefined();
      // The first password was missed: a new one set in the environment takes effect at the next start.
      expect((await seed(later('recovered-password'))).guidePassword).toBe('applied');
      expect(await t.login(GUIDE_EMAIL, 'recovered-password')).toMatch(/^learn_session=/);
      // Once someone signed in, the account's own password stands; the start reports the variable ignored.
      expect((await seed(later('another-password'))).guidePassword).toBe('ignored');
      expect(await t.login(GUIDE_EMAIL, 'recovered-password')).toMatch(/^learn_session=/);
    } finally {
      await t.close();
    }
  });
});
