import { beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '@learn/shared';
import { testRunner } from './testing.js';
import { Runner, cgroupMemoryBytes } from './runner.js';
import { SANITIZER_FLAGS } from './sanitizers.js';

/**
 * Hostile programs, part 3: a run is one accounted unit (its cgroup), not a set of processes each under its own
 * rlimits. Every case measures what the run held, as the kernel charged it to the run's cgroup (memory peak,
 * CPU time), and what it managed to do (the figures it printed before it was stopped).
 */
const L = testRunner.limits;
const MiB = 1024 * 1024;
const CAP = cgroupMemoryBytes(L, 'run', false);
// CPU cases get a long wall clock, so that the CPU accounting, not the wall clock, is what stops them.
const cpuRunner = new Runner({ limits: { ...L, wallMs: 30_000, interactiveWallMs: 30_000 } });
const HEAD =
  '#define _GNU_SOURCE\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n#include <errno.h>\n#include <sys/mman.h>\n#include <sys/wait.h>\n';

async function runC(code: string, runner = testRunner, extraFlags?: string[]): Promise<RunResult> {
  const { compile, program } = await runner.compileOnce({ language: 'c', code, extraFlags });
  expect(compile?.output ?? '').not.toMatch(/error/);
  try {
    return await runner.runCompiled(program!, { stdin: '' });
  } finally {
    await program!.dispose();
  }
}

/** The last number the program printed: how far it got before it was stopped (output is unbuffered). */
const lastFigure = (stdout: string) => Number(stdout.trim().split('\n').filter(Boolean).at(-1) ?? 0);

beforeAll(async () => {
  const status = await testRunner.status();
  expect(status.available).toBe(true);
  // These tests are about the per-run cgroup: the machines that run them (and CI) have one.
  expect(status.isolation.cgroup, status.isolation.warning ?? '').not.toBeNull();
  expect(status.isolation.seccomp).toBe(true);
});

describe('hostile programs: memory is held per run, shared memory included', () => {
  const held = (r: RunResult) => {
    expect(r.limit).toBe('memory');
    expect(r.limitMessage).toBe('Memory limit exceeded (256 MiB)');
    expect(r.usage!.memoryPeakBytes!).toBeLessThanOrEqual(CAP);
    expect(lastFigure(r.stdout) * MiB).toBeLessThanOrEqual(CAP);
  };

  // Each memfd stays under the 8 MiB file limit; many of them together held 1-1.5 GiB before runs had a cgroup.
  it('memfd_create files (each mapped, filled, kept open) stop at the run limit', async () => {
    const r = await runC(`${HEAD}int main(void){ int mb=0; for(;;){ int fd=memfd_create("x",0); if(fd<0){ printf("refused\\n"); return 0; }
      if(ftruncate(fd, 4<<20)) return 1; char*p=mmap(0,4<<20,PROT_READ|PROT_WRITE,MAP_SHARED,fd,0); if(p==MAP_FAILED) return 2;
      for(int i=0;i<4;i++){ memset(p+((size_t)i<<20),1,1<<20); printf("%d\\n", ++mb); } munmap(p,4<<20); } }`);
    held(r);
  });

  it('SysV shared memory (900 MiB asked, filled) stops at the run limit', async () => {
    const r =
      await runC(`${HEAD}#include <sys/ipc.h>\n#include <sys/shm.h>\nint main(void){ size_t n=(size_t)900<<20; int id=shmget(IPC_PRIVATE,n,IPC_CREAT|0600);
      if(id<0){ printf("refused\\n"); return 0; } char*p=shmat(id,0,0); if(p==(void*)-1) return 2;
      for(size_t i=0;i<n>>20;i++){ memset(p+(i<<20),1,1<<20); printf("%zu\\n", i+1); } return 0; }`);
    held(r);
  });

  it('a shared anonymous mapping under the address-space backstop (900 MiB), filled, stops at the run limit', async () => {
    const r =
      await runC(`${HEAD}int main(void){ size_t n=(size_t)900<<20; char*p=mmap(0,n,PROT_READ|PROT_WRITE,MAP_SHARED|MAP_ANONYMOUS,-1,0);
      if(p==MAP_FAILED){ printf("refused\\n"); return 0; } for(size_t i=0;i<n>>20;i++){ memset(p+(i<<20),1,1<<20); printf("%zu\\n", i+1); } return 0; }`);
    held(r);
  });

  it('three children of 200 MiB each (each under its own rlimit) are held together', async () => {
    const r =
      await runC(`${HEAD}int main(void){ for(int c=0;c<3;c++) if(fork()==0){ for(int mb=1;mb<=200;mb++){ char*p=malloc(1<<20); if(!p) return 1; memset(p,1,1<<20); if(mb%10==0) printf("%d\\n", c*200+mb); } sleep(5); return 0; }
      int s; while(wait(&s)>0); return 0; }`);
    expect(r.limit).toBe('memory');
    expect(r.usage!.memoryPeakBytes!).toBeLessThanOrEqual(CAP);
  });

  it('a sanitizer build keeps a memory limit (memfd files, which the sanitizer does not count)', async () => {
    const r = await runC(
      `${HEAD}int main(void){ int mb=0; for(;;){ int fd=memfd_create("x",0); if(fd<0) return 0; char buf[1<<16]; memset(buf,1,sizeof buf);
        for(int i=0;i<64;i++){ if(write(fd,buf,sizeof buf)<0) return 3; } printf("%d\\n", mb+=4); } }`,
      testRunner,
      SANITIZER_FLAGS,
    );
    expect(r.limit).toBe('memory');
    expect(r.usage!.memoryPeakBytes!).toBeLessThanOrEqual(cgroupMemoryBytes(L, 'run', true));
    expect(lastFigure(r.stdout) * MiB).toBeLessThanOrEqual(cgroupMemoryBytes(L, 'run', true));
  });
});

describe('hostile programs: no sandbox of their own', () => {
  it('a nested user namespace (to mount a tmpfs outside the accounting) is refused', async () => {
    const r = await runC(`${HEAD}#include <sched.h>\n#include <sys/mount.h>\n#include <sys/syscall.h>\nint main(void){
      int r; long c;
      r = unshare(CLONE_NEWUSER|CLONE_NEWNS); printf("unshare %d %d\\n", r, errno);
      r = unshare(CLONE_NEWUSER); printf("unshare-user %d %d\\n", r, errno);
      r = mount("none","/tmp","tmpfs",0,"size=1g"); printf("mount %d %d\\n", r, errno);
      c = syscall(SYS_clone, CLONE_NEWUSER|SIGCHLD, 0, 0, 0, 0); if (c == 0) _exit(0); printf("clone %ld %d\\n", c, errno);
      return 0; }`);
    expect(r.stdout).toBe('unshare -1 1\nunshare-user -1 1\nmount -1 1\nclone -1 1\n');
  });

  it('the unshare command cannot build a namespace to mount in', async () => {
    const { run: r } = await testRunner.runProgram({
      language: 'python',
      code: 'import subprocess\np = subprocess.run(["unshare", "-Urm", "sh", "-c", "mount -t tmpfs none /tmp && echo MOUNTED"], capture_output=True, text=True)\nprint(p.returncode != 0, "MOUNTED" in p.stdout)',
      stdin: '',
    });
    expect(r!.stdout).toBe('True False\n');
  });

  it('tracing, keys, BPF, perf and io_uring answer EPERM', async () => {
    const r = await runC(`${HEAD}#include <sys/syscall.h>\n#include <sys/ptrace.h>\nint main(void){
      long calls[] = { syscall(SYS_ptrace, PTRACE_TRACEME, 0, 0, 0), syscall(SYS_keyctl, 0, 0, 0, 0), syscall(SYS_bpf, 0, 0, 0),
        syscall(SYS_perf_event_open, 0, 0, -1, -1, 0), syscall(SYS_io_uring_setup, 1, 0), syscall(SYS_userfaultfd, 0) };
      for (unsigned i = 0; i < sizeof calls / sizeof *calls; i++) printf("%ld ", calls[i]);
      printf("%d\\n", errno); return 0; }`);
    expect(r.stdout).toBe('-1 -1 -1 -1 -1 -1 1\n');
  });
});

describe('hostile programs: CPU is held per run', () => {
  const busyChildren = `${HEAD}int main(void){ for(int c=0;c<60;c++) if(fork()==0){ volatile unsigned long i=0; for(;;) i++; } int s; while(wait(&s)>0); return 0; }`;

  it('60 busy children get one core between them and the run stops at its CPU time', async () => {
    const r = await runC(busyChildren, cpuRunner);
    expect(r.limit).toBe('cpu-time');
    // The whole tree's CPU time, as the kernel counted it: the limit plus at most a few polls.
    expect(r.usage!.cpuMs).toBeLessThanOrEqual(L.cpuMs + 1000);
    // One core at most, however many processes: CPU time over wall clock.
    expect(r.usage!.cpuMs / r.timeMs).toBeLessThanOrEqual(L.cores * 1.1);
  });

  it('the same in an interactive run, which has a longer clock', async () => {
    const { program } = await cpuRunner.compileOnce({ language: 'c', code: busyChildren });
    try {
      const r = await cpuRunner.start(program!, { interactive: true }).done;
      expect(r.limit).toBe('cpu-time');
      expect(r.usage!.cpuMs).toBeLessThanOrEqual(L.cpuMs + 1000);
      expect(r.timeMs).toBeLessThan(cpuRunner.limits.interactiveWallMs);
    } finally {
      await program!.dispose();
    }
  });
});

describe('hostile programs: input is bounded', () => {
  it('a flood of input to a program that never reads is refused past the cap; the server holds little', async () => {
    const { program } = await testRunner.compileOnce({ language: 'c', code: `${HEAD}int main(void){ sleep(3); return 0; }` });
    try {
      const handle = testRunner.start(program!, { interactive: true });
      await new Promise((r) => setTimeout(r, 300));
      const before = process.memoryUsage().rss;
      const chunk = 'x'.repeat(60 * 1024);
      let accepted = 0;
      for (let i = 0; i < 16_000; i++) if (handle.write(chunk)) accepted += chunk.length;
      const grew = process.memoryUsage().rss - before;
      // The cap, plus what the kernel's pipe holds, plus one chunk: 960 MB were offered.
      expect(accepted).toBeLessThanOrEqual(L.stdinBufferBytes + 256 * 1024);
      expect(grew).toBeLessThan(64 * MiB);
      handle.kill();
      await handle.done;
    } finally {
      await program!.dispose();
    }
  });
});

describe('output before a stop is kept', () => {
  it('C: what was printed before the CPU limit is shown', async () => {
    const r = await runC(`${HEAD}int main(void){ printf("I got this far"); for(volatile unsigned long i=0;;i++); }`, cpuRunner);
    expect(r.limit).toBe('cpu-time');
    expect(r.stdout).toBe('I got this far');
  });

  it('C++ and Python: what was printed before the wall clock or the CPU limit is shown', async () => {
    const cpp = await testRunner.runProgram({
      language: 'cpp',
      code: '#include <iostream>\n#include <unistd.h>\nint main(){ std::cout << "I got this far"; sleep(60); }',
      stdin: '',
    });
    expect(cpp.run!.limit).toBe('wall-time');
    expect(cpp.run!.stdout).toBe('I got this far');
    const py = await cpuRunner.runProgram({ language: 'python', code: 'print("I got this far")\nwhile True: pass', stdin: '' });
    expect(py.run!.limit).toBe('cpu-time');
    expect(py.run!.stdout).toBe('I got this far\n');
  });
});

describe('a program too large to build', () => {
  it('says "The program is too large" instead of showing a compiler crash', async () => {
    const { compile, program } = await testRunner.compileOnce({
      language: 'c',
      code: '#include <stdio.h>\nstatic char big[100 << 20] = {1};\nint main(void){ printf("%d\\n", big[5]); return 0; }\n',
    });
    expect(program).toBeNull();
    expect(compile!.limit).toBe('file-size');
    expect(compile!.limitMessage).toMatch(/^The program is too large/);
    expect(compile!.output).not.toMatch(/internal compiler error|bug report/);
  });
});
