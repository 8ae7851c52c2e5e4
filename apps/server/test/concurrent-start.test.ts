import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { scratchDatabase, startServerProcess, type Instance } from './instances.js';

/**
 * Issue 31: instances started at the same moment on an empty PostgreSQL database all come up; migrations
 * and seeding run under an advisory lock, so there is exactly one mate account and one first-start
 * password, and that password works. Needs TEST_DATABASE_URL.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)('instances started at once on an empty database', () => {
  const started: Instance[] = [];
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const i of started) if (i.child.exitCode === null) i.child.kill('SIGKILL');
    for (const drop of drops) await drop();
  });

  it.each([2, 5])(
    '%i instances: all serve, one guide, one first password, and it signs in',
    async (n) => {
      const db = await scratchDatabase(adminUrl!, 'learn_concurrent');
      drops.push(db.drop);
      // No LEARN_GUIDE_PASSWORD: the instance that creates the guide generates and prints the password.
      const instances = await Promise.all(
        Array.from({ length: n }, (_, k) =>
          startServerProcess(`I${k}`, { databaseUrl: db.url, guidePassword: '', env: { RUNNER_CONCURRENCY: '1' } }),
        ),
      );
      started.push(...instances);
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        const guides = await client.query(`select email from users where role = 'guide'`);
        expect(guides.rows).toEqual([{ email: 'guide@example.com' }]);
        const courses = await client.query('select count(*)::int as n from courses');
        expect(courses.rows[0].n).toBe(3);
      } finally {
        await client.end();
      }
      const passwords = instances.flatMap((i) =>
        i.output
          .join('')
          .split('\n')
          .filter((l) => l.includes('First start'))
          .map((l) => (JSON.parse(l) as { password: string }).password),
      );
      // Printed by one instance only (twice: after the start-up and at the end of the summary).
      expect(new Set(passwords).size).toBe(1);
      expect(instances.filter((i) => i.output.join('').includes('First start'))).toHaveLength(1);
      for (const i of instances) {
        const res = await fetch(`${i.base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'guide@example.com', password: passwords[0] }),
        });
        expect(res.status).toBe(200);
      }
      for (const i of instances) i.child.kill('SIGTERM');
      expect(await Promise.all(instances.map((i) => i.exited))).toEqual(instances.map(() => 0));
    },
    300_000,
  );
});
