/**
 * Sign-in bench: `npm run bench:signin`. A class of 200 students signs in at the same moment, once per
 * hashing setting, in one run (so the shared machine's load is the same for each). Each setting gets its own
 * app and temporary SQLite database; every student's password is hashed with that setting. Prints p50, p99
 * and the slowest sign-in, and the ratio of each p99 to the first setting's. Loopback only, bounded.
 */
import { benchDeps } from './bench-app.js';
import { buildApp } from '../apps/server/src/app.js';
import { PasswordHasher, type HashAlgorithm } from '../apps/server/src/platform/passwords.js';
import { insertUser } from '../apps/server/src/modules/people/repository.js';

const CLASS = Number(process.env.BENCH_CLASS ?? 200);
const settings: { name: string; algorithm: HashAlgorithm; cost: number; concurrency: number }[] = [
  { name: 'scrypt N=2^17 r=8 p=1, 4 at once (before)', algorithm: 'scrypt', cost: 17, concurrency: 4 },
  { name: 'argon2id m=19 MiB t=2 p=1, 2 at once', algorithm: 'argon2id', cost: 17, concurrency: 2 },
  { name: 'argon2id m=19 MiB t=2 p=1, 4 at once (default)', algorithm: 'argon2id', cost: 17, concurrency: 4 },
];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function classSignsIn(setting: (typeof settings)[number]) {
  const hasher = new PasswordHasher(setting.cost, setting.concurrency, setting.algorithm);
  const { deps, handle, dispose } = await benchDeps('signin', { hasher });
  // One hash of the shared password (a fresh salt per student would only lengthen the set-up).
  const passwordHash = await hasher.hash('class-password-1');
  for (let i = 0; i < CLASS; i++)
    await insertUser(handle.db, {
      id: `user_student_bench_${i}`,
      name: `Student ${i}`,
      email: `s${i}@example.com`,
      role: 'student',
      password_hash: passwordHash,
      batch_id: null,
      last_login: null,
      created_at: new Date().toISOString(),
    });
  const app = await buildApp(deps);
  await app.ready();
  const started = performance.now();
  const times = await Promise.all(
    Array.from({ length: CLASS }, async (_, i) => {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `s${i}@example.com`, password: 'class-password-1' },
        remoteAddress: `10.1.${Math.floor(i / 100)}.${i % 100}`,
      });
      if (res.statusCode !== 200) throw new Error(`sign-in ${i}: ${res.statusCode} ${res.body}`);
      return performance.now() - t0;
    }),
  );
  const total = performance.now() - started;
  await app.close();
  await dispose();
  const sorted = times.sort((a, b) => a - b);
  return { p50: pct(sorted, 50), p99: pct(sorted, 99), max: sorted.at(-1)!, total };
}

console.log(`Sign-in bench: ${CLASS} students of one class sign in at once (in-process, SQLite)`);
let baseline: number | undefined;
for (const s of settings) {
  const r = await classSignsIn(s);
  baseline ??= r.p99;
  console.log(
    `  ${s.name.padEnd(48)} p50 ${(r.p50 / 1000).toFixed(2)} s  p99 ${(r.p99 / 1000).toFixed(2)} s  max ${(r.max / 1000).toFixed(2)} s  all in ${(r.total / 1000).toFixed(2)} s  p99 ratio ${(r.p99 / baseline).toFixed(3)}`,
  );
}
