import { PasswordHasher } from '../apps/server/src/platform/passwords.js';
for (const cost of [10, 11, 12, 14, 17]) {
  const h = new PasswordHasher(cost, 4);
  const n = cost >= 17 ? 8 : 200;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: n }, (_, i) => h.hash('pw' + i)));
  const ms = (performance.now() - t0) / n;
  console.log(`cost ${cost}: ${ms.toFixed(2)} ms per hash (4 at once) -> 2000 rows ${((ms * 2000) / 1000).toFixed(1)} s`);
}
