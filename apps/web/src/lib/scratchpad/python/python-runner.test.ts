import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageToWorker, WorkerToPage } from './python-protocol';
import { PythonRunner } from './python-runner';

/**
 * The page's clock around the Python worker. jsdom runs no Worker, so a stand-in takes the worker's place
 * and says what the real one says (started, input-wanted, exit); Pyodide itself runs in the e2e journey.
 */
class WorkerStandIn {
  static last: WorkerStandIn | undefined;
  onmessage: ((e: MessageEvent<WorkerToPage>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  posted: PageToWorker[] = [];
  terminated = false;
  constructor() {
    WorkerStandIn.last = this;
  }
  postMessage(msg: PageToWorker) {
    this.posted.push(msg);
  }
  terminate() {
    this.terminated = true;
  }
  say(msg: WorkerToPage) {
    this.onmessage?.({ data: msg } as MessageEvent<WorkerToPage>);
  }
}

const interruptOf = (w: WorkerStandIn) => {
  const run = w.posted.find((m) => m.type === 'run');
  return new Uint8Array(run!.type === 'run' ? run!.shared!.interrupt : new SharedArrayBuffer(1))[0];
};
const interrupted = {
  stdout: '',
  stderr: '',
  exitCode: null,
  signal: 'SIGINT',
  timeMs: 0,
  limit: null,
  limitMessage: null,
  truncated: false,
};

describe('PythonRunner limits', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', WorkerStandIn);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('ends an endless loop at the CPU limit with the server’s words (no shared memory: the worker is ended)', () => {
    const seen: WorkerToPage[] = [];
    new PythonRunner().run('while True: pass', '', (m) => seen.push(m));
    const worker = WorkerStandIn.last!;
    worker.say({ type: 'started' });
    vi.advanceTimersByTime(4_900);
    expect(worker.terminated).toBe(false);
    vi.advanceTimersByTime(300);
    expect(worker.terminated).toBe(true);
    expect(seen.at(-1)).toMatchObject({
      type: 'exit',
      stopped: false,
      run: { limit: 'cpu-time', limitMessage: 'Time limit exceeded (5 s)', signal: 'SIGXCPU', exitCode: null },
    });
  });

  describe('with shared memory (input typed while the program runs)', () => {
    beforeEach(() => vi.stubGlobal('crossOriginIsolated', true));

    it('does not count the time spent waiting for input, and interrupts at the CPU limit', () => {
      const seen: WorkerToPage[] = [];
      const runner = new PythonRunner();
      runner.run('name = input()\nwhile True: pass', null, (m) => seen.push(m));
      const worker = WorkerStandIn.last!;
      worker.say({ type: 'started' });
      vi.advanceTimersByTime(1_000);
      worker.say({ type: 'input-wanted' });
      vi.advanceTimersByTime(60_000);
      expect(interruptOf(worker)).toBe(0);
      runner.sendLine('Ada\n');
      vi.advanceTimersByTime(3_800);
      expect(interruptOf(worker)).toBe(0);
      vi.advanceTimersByTime(400);
      expect(interruptOf(worker)).toBe(2);
      worker.say({ type: 'exit', stopped: true, run: interrupted });
      expect(worker.terminated).toBe(false);
      expect(seen.at(-1)).toMatchObject({
        type: 'exit',
        stopped: false,
        run: { limit: 'cpu-time', limitMessage: 'Time limit exceeded (5 s)' },
      });
    });

    it('applies the interactive wall clock to a program left waiting for input', () => {
      const seen: WorkerToPage[] = [];
      new PythonRunner().run('input()', null, (m) => seen.push(m));
      const worker = WorkerStandIn.last!;
      worker.say({ type: 'started' });
      worker.say({ type: 'input-wanted' });
      vi.advanceTimersByTime(119_000);
      expect(interruptOf(worker)).toBe(0);
      vi.advanceTimersByTime(1_200);
      expect(interruptOf(worker)).toBe(2);
      worker.say({ type: 'exit', stopped: true, run: interrupted });
      expect(seen.at(-1)).toMatchObject({
        type: 'exit',
        run: { limit: 'wall-time', limitMessage: 'Time limit exceeded (2 min: the longest a program may run while you type its input)' },
      });
    });

    it('ends the worker when the program catches the interrupt and goes on', () => {
      const seen: WorkerToPage[] = [];
      new PythonRunner().run('while True:\n    try:\n        pass\n    except BaseException:\n        pass', null, (m) => seen.push(m));
      const worker = WorkerStandIn.last!;
      worker.say({ type: 'started' });
      vi.advanceTimersByTime(5_200);
      expect(interruptOf(worker)).toBe(2);
      vi.advanceTimersByTime(1_200);
      expect(worker.terminated).toBe(true);
      expect(seen.at(-1)).toMatchObject({ type: 'exit', run: { limit: 'cpu-time' } });
    });

    it('leaves a stopped program stopped, with no limit', () => {
      const seen: WorkerToPage[] = [];
      const runner = new PythonRunner();
      runner.run('while True: pass', null, (m) => seen.push(m));
      const worker = WorkerStandIn.last!;
      worker.say({ type: 'started' });
      vi.advanceTimersByTime(1_000);
      runner.stop();
      worker.say({ type: 'exit', stopped: true, run: interrupted });
      vi.advanceTimersByTime(10_000);
      expect(seen.filter((m) => m.type === 'exit')).toEqual([{ type: 'exit', stopped: true, run: interrupted }]);
    });
  });
});
