import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { hostProcessesWith, run, testRunner } from './testing.js';
import { Runner } from './runner.js';

/**
 * Hostile programs, part 1: resources and processes. Each case asserts that the program was contained
 * (limits hit, reported in words, nothing left running, the host untouched). The real sandbox runs them.
 */
const L = testRunner.limits;
// The CPU-limit cases get a wall clock well past their 2 s of CPU: on a busy machine 2 s of CPU can take
// longer than the usual 3 s of wall clock, and the wall clock would stop them first.
const cpuRunner = new Runner({ limits: { ...L, wallMs: 30_000 } });
const cpuBound = (language: 'c' | 'python', code: string) => cpuRunner.runProgram({ language, code, stdin: '' });
const C_HEAD =
  '#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n#include <signal.h>\n#include <errno.h>\n';

let sentinels: ChildProcess[] = [];
beforeAll(async () => {
  expect((await testRunner.status()).available).toBe(true);
  // A root process and one running as the sandbox's own uid outside any sandbox: kill(-1) must reach neither.
  sentinels = [
    spawn('/usr/bin/sleep', ['311']),
    spawn('/usr/bin/setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', '/usr/bin/sleep', '312']),
  ];
  await sleep(100);
});
afterAll(() => sentinels.forEach((s) => s.kill('SIGKILL')));

describe('hostile programs: resources', () => {
  it('a fork bomb is stopped by the process limit, says "Too many processes (64)" and leaves no process behind', async () => {
    const { run: r } = await run('c', `${C_HEAD}int main(void){ for(;;) fork(); }`);
    expect(r!.limit).toBe('processes');
    expect(r!.limitMessage).toBe('Too many processes (64)');
    expect(hostProcessesWith('./main')).toEqual([]);
  });

  it('a Python fork bomb is held to the process limit', async () => {
    const code =
      'import os\nn=0\ntry:\n  while True:\n    if os.fork()==0:\n      import time; time.sleep(30)\n    n+=1\nexcept OSError as e:\n  print("stopped at", n, e)\n';
    const { run: r } = await run('python', code);
    const n = Number(/stopped at (\d+)/.exec(r!.stdout)?.[1]);
    expect(n).toBeLessThan(L.processes);
    expect(hostProcessesWith('main.py')).toEqual([]);
  });

  it('a memory hog in C gets NULL before 256 MiB', async () => {
    const { run: r } = await run(
      'c',
      `${C_HEAD}int main(void){ int mb=0; for(;;){ char*p=malloc(1<<20); if(!p) break; memset(p,1,1<<20); mb++; } printf("%d\\n", mb); return 0; }`,
    );
    expect(Number(r!.stdout)).toBeLessThan(256);
    expect(Number(r!.stdout)).toBeGreaterThan(100);
  });

  it('shared anonymous memory is held too (address-space backstop)', async () => {
    const code = `#define _GNU_SOURCE\n${C_HEAD}#include <sys/mman.h>\nint main(void){ size_t n = (size_t)4 << 30; char*p = mmap(0, n, PROT_READ|PROT_WRITE, MAP_SHARED|MAP_ANONYMOUS, -1, 0); puts(p == MAP_FAILED ? "refused" : "MAPPED"); }`;
    const { run: r } = await run('c', code);
    expect(r!.stdout).toBe('refused\n');
  });

  it('a memory hog in C++ is reported as "Memory limit exceeded"', async () => {
    const { run: r } = await run(
      'cpp',
      '#include <vector>\n#include <cstdio>\nint main(){ std::vector<char> v(1u<<30, 1); std::printf("%d", v[5]); }',
    );
    expect(r!.limit).toBe('memory');
    expect(r!.limitMessage).toBe('Memory limit exceeded (256 MiB)');
    expect(r!.signal).toBe('SIGABRT');
  });

  it('a memory hog in Python is reported as "Memory limit exceeded"', async () => {
    const { run: r } = await run('python', 'x = bytearray(1 << 30)\nprint(len(x))');
    expect(r!.limit).toBe('memory');
    expect(r!.exitCode).toBe(1);
  });

  it('an infinite loop in C hits the CPU limit', async () => {
    const { run: r } = await cpuBound('c', 'int main(void){ volatile unsigned long i=0; for(;;) i++; }');
    expect(r!.limit).toBe('cpu-time');
    expect(r!.limitMessage).toBe('Time limit exceeded (2 s)');
    // The kernel's RLIMIT_CPU (SIGXCPU) or the runner's watch of the cgroup's CPU time (SIGKILL), whichever
    // sees the 2 s first: on a busy machine the watch can.
    expect(r!.signal).toMatch(/^(SIGXCPU|SIGKILL)$/);
  });

  it('an infinite loop in Python hits the CPU limit', async () => {
    const { run: r } = await cpuBound('python', 'while True:\n    pass\n');
    expect(r!.limit).toBe('cpu-time');
    expect(r!.signal).toMatch(/SIGXCPU|SIGKILL/);
  });

  it('sleeping past the wall clock is stopped at the wall clock', async () => {
    const { run: r } = await run('c', `${C_HEAD}int main(void){ puts("going to sleep"); fflush(stdout); sleep(60); return 0; }`);
    expect(r!.limit).toBe('wall-time');
    expect(r!.stdout).toBe('going to sleep\n');
  });

  it('an output flood is cut at 64 KiB, said once (by the limit message, not also in the output), and the run is still reported', async () => {
    const { run: r } = await run('c', `${C_HEAD}int main(void){ for(;;) puts("flood flood flood"); }`);
    expect(r!.truncated).toBe(true);
    expect(r!.limit).toBe('output');
    expect(r!.limitMessage).toBe('Output cut at 64 KiB');
    expect(r!.stdout).not.toContain('Output cut');
    expect(r!.stdout.startsWith('flood flood flood\n')).toBe(true);
    expect(Buffer.byteLength(r!.stdout)).toBeLessThanOrEqual(64 * 1024);
  });

  it('a flood on stderr counts toward the same cap', async () => {
    const { run: r } = await run('python', 'import sys\nwhile True:\n    sys.stderr.write("x" * 1000)\n');
    expect(r!.truncated).toBe(true);
    expect(Buffer.byteLength(r!.stderr)).toBeLessThanOrEqual(64 * 1024);
  });

  it('a huge file write stops at 8 MiB', async () => {
    const { run: r } = await run(
      'c',
      `${C_HEAD}int main(void){ FILE*f=fopen("big","w"); static char b[1<<20]; for(int i=0;i<100;i++){ if(fwrite(b,1,sizeof b,f)!=sizeof b) { printf("short at %d\\n", i); return 1; } fflush(f);} puts("wrote 100 MiB"); }`,
    );
    expect(r!.stdout).not.toContain('wrote 100 MiB');
    expect(r!.limit).toBe('file-size');
    expect(r!.limitMessage).toBe('File size limit exceeded (8 MiB)');
  });

  it('many smaller files fill only the 8 MiB work folder', async () => {
    const code =
      'n=0\ntry:\n  for i in range(100):\n    open(f"f{i}","wb").write(b"x"*(1<<20)); n+=1\nexcept OSError as e:\n  print("stopped", n, e.errno)\n';
    const { run: r } = await run('python', code);
    expect(r!.stdout).toMatch(/^stopped [0-8] (28|27)\n$/);
  });

  it('a thread storm is held to the process limit', async () => {
    const code =
      '#include <thread>\n#include <vector>\n#include <chrono>\n#include <iostream>\nint main(){ std::vector<std::thread> v; try { for(int i=0;i<1000;i++) v.emplace_back([]{ std::this_thread::sleep_for(std::chrono::milliseconds(300)); }); } catch(const std::exception& e){ std::cout << "stopped at " << v.size() << "\\n"; } for(auto&t:v) t.join(); }';
    const { run: r } = await run('cpp', code);
    const n = Number(/stopped at (\d+)/.exec(r!.stdout)?.[1]);
    expect(n).toBeGreaterThanOrEqual(8);
    expect(n).toBeLessThan(L.processes);
  });

  it('eight threads (C++ day 47) run fine', async () => {
    const code =
      '#include <thread>\n#include <vector>\n#include <atomic>\n#include <iostream>\nint main(){ std::atomic<int> n{0}; std::vector<std::thread> v; for(int i=0;i<8;i++) v.emplace_back([&]{ std::vector<int> a(100000, 1); for(int x: a) n += x; }); for(auto&t:v) t.join(); std::cout << n << "\\n"; }';
    const { run: r } = await run('cpp', code);
    expect(r!.stdout).toBe('800000\n');
    expect(r!.limit).toBeNull();
  });

  it('killing the parent (kill(getppid())) does not reach the server', async () => {
    const { run: r } = await run(
      'c',
      `${C_HEAD}int main(void){ int a = kill(getppid(), SIGKILL); printf("ppid=%d\\n", getppid()); return a; }`,
    );
    expect(r!.stdout).toMatch(/ppid=[01]\n/);
    expect(process.pid).toBeGreaterThan(0);
    expect(sentinels.every((s) => s.exitCode === null && s.signalCode === null)).toBe(true);
  });

  it('kill(-1, SIGKILL) ends only the sandbox: host processes, even of the same uid, live on', async () => {
    const { run: r } = await run(
      'c',
      `${C_HEAD}int main(void){ puts("before"); fflush(stdout); kill(-1, SIGKILL); sleep(1); puts("after"); }`,
    );
    expect(r!.stdout).toContain('before');
    await sleep(200);
    expect(sentinels.map((s) => [s.exitCode, s.signalCode])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('a child left behind after the program exits is gone when the run ends', async () => {
    const code =
      'import os\nif os.fork() == 0:\n    os.setsid()\n    os.execv("/usr/bin/sleep", ["sleep", "4242"])\nprint("parent done")\n';
    const { run: r } = await run('python', code);
    expect(r!.stdout).toBe('parent done\n');
    await sleep(100);
    expect(hostProcessesWith('sleep 4242')).toEqual([]);
  });

  it('setuid attempts fail: setuid(0), su and a setuid binary give no privilege', async () => {
    const code = `${C_HEAD}int main(void){ printf("setuid=%d uid=%d euid=%d\\n", setuid(0), getuid(), geteuid()); fflush(stdout); return system("/usr/bin/su -c id root </dev/null; /usr/bin/mount -t tmpfs none /usr 2>&1; grep CapEff /proc/self/status"); }`;
    const { run: r } = await run('c', code);
    expect(r!.stdout).toContain('setuid=-1 uid=65534 euid=65534');
    expect(r!.stdout).toContain('CapEff:\t0000000000000000');
    expect(r!.stdout).not.toContain('uid=0(');
  });
});

describe('hostile programs: compile bombs', () => {
  it('#include </dev/zero> ends: the compiler is stopped and the program is not run', async () => {
    const { compile, run: r } = await run('c', '#include </dev/zero>\nint main(void){return 0;}');
    expect(compile!.ok).toBe(false);
    expect(r).toBeNull();
  });

  it('a template recursion bomb fails to compile, and nothing runs', async () => {
    const code =
      'template<int N> struct F { static const long v = F<N-1>::v + F<N-2>::v; };\ntemplate<> struct F<0>{ static const long v=0; };\ntemplate<> struct F<1>{ static const long v=1; };\nint main(){ return F<100000>::v; }';
    const { compile, run: r } = await run('cpp', code);
    expect(compile!.ok).toBe(false);
    expect(r).toBeNull();
  });

  it('a macro expansion bomb is stopped by the compile limits', async () => {
    const defs = Array.from({ length: 30 }, (_, i) => `#define X${i + 1} X${i} X${i}`).join('\n');
    const { compile } = await run('c', `#define X0 1+\n${defs}\nint main(void){ return X30 0; }`);
    expect(compile!.ok).toBe(false);
    expect(compile!.limit).not.toBeNull();
    expect(compile!.limitMessage).toMatch(/Compil/);
  });
});
