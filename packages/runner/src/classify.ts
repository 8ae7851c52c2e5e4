import type { RunLimit, RunResult } from '@learn/shared';
import { limitMessage, type RunnerLimits } from './limits.js';
import type { ProcOutcome } from './process.js';

const MEMORY = /MemoryError|std::bad_alloc|Cannot allocate memory|out of memory|hard rss limit exhausted|allocation-size-too-big/;
const PROCESSES = /Resource temporarily unavailable|BlockingIOError/;
const FILE_SIZE = /File too large|No space left on device/;

/** Which limit (if any) ended a run, in the words a beginner reads. */
export function classifyRun(r: ProcOutcome, limits: RunnerLimits, interactive = false): RunResult {
  let limit: RunLimit | null = null;
  const failed = r.exitCode !== 0 || r.signal !== null || r.stoppedFor !== null;
  // The limit actually hit, most specific first: a fork bomb also runs out the clock, but what stopped it
  // from doing anything was the process limit; a process the kernel killed for memory got SIGKILL.
  if (r.truncated) limit = 'output';
  else if (r.usage?.oomKilled) limit = 'memory';
  else if (r.stoppedFor === 'processes' || (failed && r.usage?.processLimitHit)) limit = 'processes';
  else if (r.stoppedFor === 'cpu-time' || r.signal === 'SIGXCPU' || (r.signal === 'SIGKILL' && r.stoppedFor === null)) limit = 'cpu-time';
  else if (r.stoppedFor === 'wall-time') limit = 'wall-time';
  else if (r.signal === 'SIGXFSZ') limit = 'file-size';
  else if (r.exitCode !== 0 || r.signal) {
    if (MEMORY.test(r.stderr)) limit = 'memory';
    else if (FILE_SIZE.test(r.stderr)) limit = 'file-size';
    else if (PROCESSES.test(r.stderr)) limit = 'processes';
  }
  return {
    stdout: r.stdout,
    stderr: r.stderr,
    exitCode: r.exitCode,
    signal: r.signal,
    timeMs: r.timeMs,
    limit,
    limitMessage: limit ? limitMessage(limit, limits, 'run', interactive) : null,
    truncated: r.truncated,
    ...(r.usage ? { usage: { cpuMs: r.usage.cpuMs, memoryPeakBytes: r.usage.memoryPeakBytes } } : {}),
  };
}
