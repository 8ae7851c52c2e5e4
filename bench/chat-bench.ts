/**
 * Chat delivery (issue 15, `npm run bench:chat`): one server process on SQLite; 500 users (480 students and
 * 20 guides) each hold a socket on /api/ws; students write every 10 s, guides answer their students every
 * 2.5 s. Reported: delivery latency p50/p99 from send to receipt on every receiving socket, the POST's own
 * round trip as the baseline, and the server's memory per open socket (resident set before and after the
 * sockets open, no messages yet). Then the same load with 50 users, in the same run, for comparison.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/server/src/db/database.js';
import { startServerProcess } from '../apps/server/test/instances.js';
import { insertBenchUsers } from './bench-users.js';
import { chatLoad, formatChatLoad } from './chat-load.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

const dir = mkdtempSync(join(tmpdir(), 'learn-chat-bench-'));
const server = await startServerProcess('chat-bench', {
  databaseUrl: '',
  guidePassword: 'chat-bench-guide-pw',
  env: { DATA_DIR: dir, LOG_LEVEL: 'error' },
});
const handle = openDatabase({ dataDir: dir });
try {
  const students = await insertBenchUsers(handle.db, 'chat_s', 480, 'student');
  const guides = await insertBenchUsers(handle.db, 'chat_g', 20, 'guide');
  const pid = server.child.pid!;
  console.log(`Chat on SQLite, one server process, ${SECONDS} s per run; students write every 10 s, guides every 2.5 s`);

  // Memory first, on a fresh process: the resident set before and after 500 idle sockets open.
  await new Promise((r) => setTimeout(r, 3_000));
  const before = rssMiB(pid);
  let after = before;
  const big = await chatLoad({
    bases: [server.base],
    students,
    guides,
    seconds: SECONDS,
    onConnected: async () => {
      await new Promise((r) => setTimeout(r, 3_000));
      after = rssMiB(pid);
    },
  });
  console.log(`500 sockets  ${formatChatLoad(big)}`);
  const small = await chatLoad({ bases: [server.base], students: students.slice(0, 45), guides: guides.slice(0, 5), seconds: SECONDS });
  console.log(`50 sockets   ${formatChatLoad(small)}`);
  console.log(
    `memory: ${before.toFixed(1)} MiB resident before the 500 sockets, ${after.toFixed(1)} MiB with them open: ` +
      `${(((after - before) * 1024) / 500).toFixed(1)} KiB per connection`,
  );
  console.log(`delivery p99 with 500 sockets / with 50: ${(big.delivery.p99 / small.delivery.p99).toFixed(2)}x (goal: p99 < 50 ms)`);
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
}
