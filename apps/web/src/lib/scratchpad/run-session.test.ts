import { describe, expect, it } from 'vitest';
import type { CompileResult, RunResult } from '@learn/shared';
import { initialRunState, isActive, runReducer, type RunEvent, type RunState } from './run-session';

const compileOk: CompileResult = { ok: true, diagnostics: [], output: '', timeMs: 120, limit: null, limitMessage: null };
const run = (over: Partial<RunResult> = {}): RunResult => ({
  stdout: '',
  stderr: '',
  exitCode: 0,
  signal: null,
  timeMs: 8,
  limit: null,
  limitMessage: null,
  truncated: false,
  ...over,
});
const play = (events: RunEvent[], from: RunState = initialRunState) => events.reduce(runReducer, from);

describe('runReducer: the /api/run/ws protocol', () => {
  it('goes queued, compiled, started, streams output with the echoed input, and finishes with the exit code', () => {
    const states: RunState[] = [];
    let s = initialRunState;
    for (const e of [
      { type: 'begin', interactive: true, connecting: true },
      { type: 'queued', position: 2 },
      { type: 'compiled', compile: compileOk },
      { type: 'started' },
      { type: 'stdout', data: 'Number? ' },
      { type: 'echo', data: '21\n' },
      { type: 'stdout', data: 'Twice: ' },
      { type: 'stdout', data: '42\n' },
      { type: 'exit', run: run({ stdout: 'Number? Twice: 42\n' }) },
    ] satisfies RunEvent[]) {
      s = runReducer(s, e);
      states.push(s);
    }
    expect(states.map((x) => x.status)).toEqual([
      'connecting',
      'queued',
      'running',
      'running',
      'running',
      'running',
      'running',
      'running',
      'finished',
    ]);
    expect(states[1]!.queuePosition).toBe(2);
    // Consecutive output of one stream is one chunk; the result's copy of stdout is not shown twice.
    expect(s.output).toEqual([
      { stream: 'stdout', text: 'Number? ' },
      { stream: 'stdin', text: '21\n' },
      { stream: 'stdout', text: 'Twice: 42\n' },
    ]);
    expect(s.run?.exitCode).toBe(0);
    expect(isActive(s)).toBe(false);
  });

  it('stops at a failed compilation with its diagnostics', () => {
    const diagnostics = [{ line: 3, column: 16, severity: 'error' as const, message: "expected ';'" }];
    const s = play([
      { type: 'begin', interactive: true, connecting: true },
      { type: 'compiled', compile: { ...compileOk, ok: false, diagnostics } },
    ]);
    expect(s.status).toBe('finished');
    expect(s.compile?.diagnostics).toEqual(diagnostics);
    expect(s.run).toBeNull();
  });

  it('says why running is unavailable, in words', () => {
    const s = play([
      { type: 'begin', interactive: true, connecting: true },
      { type: 'error', message: 'bubblewrap is not installed', unavailable: true },
    ]);
    expect(s.status).toBe('unavailable');
    expect(s.message).toBe('Code running is unavailable on this server: bubblewrap is not installed');
  });

  it('reports Stop as stopped, but a limit as a finished run with its message', () => {
    const stopped = play([
      { type: 'begin', interactive: true, connecting: true },
      { type: 'started' },
      { type: 'stop-requested' },
      { type: 'exit', run: run({ exitCode: null, signal: 'SIGKILL' }) },
    ]);
    expect(stopped.status).toBe('stopped');
    const limited = play([
      { type: 'begin', interactive: true, connecting: true },
      { type: 'started' },
      { type: 'exit', run: run({ exitCode: null, signal: 'SIGKILL', limit: 'cpu-time', limitMessage: 'Time limit exceeded (5 s)' }) },
    ]);
    expect(limited.status).toBe('finished');
    expect(limited.run?.limitMessage).toBe('Time limit exceeded (5 s)');
  });

  it('turns a connection that drops mid-run into a failure, and ignores a close after the end', () => {
    const dropped = play([{ type: 'begin', interactive: true, connecting: true }, { type: 'started' }, { type: 'closed' }]);
    expect(dropped.status).toBe('failed');
    expect(dropped.message).toMatch(/connection to the runner closed/);
    const done = play([{ type: 'begin', interactive: true, connecting: true }, { type: 'exit', run: run() }, { type: 'closed' }]);
    expect(done.status).toBe('finished');
  });

  it('marks end of input in the console', () => {
    const s = play([{ type: 'begin', interactive: true, connecting: false }, { type: 'input-wanted' }, { type: 'eof-sent' }]);
    expect(s.waitingForInput).toBe(false);
    expect(s.output).toEqual([{ stream: 'info', text: '[end of input]\n' }]);
  });
});

describe('runReducer: a POST /api/run answer', () => {
  it('shows the output of the result', () => {
    const s = play([
      { type: 'begin', interactive: false, connecting: true },
      {
        type: 'response',
        response: { available: true, language: 'c', compile: compileOk, run: run({ stdout: 'hi\n', stderr: 'warn\n', exitCode: 3 }) },
      },
    ]);
    expect(s.status).toBe('finished');
    expect(s.output).toEqual([
      { stream: 'stdout', text: 'hi\n' },
      { stream: 'stderr', text: 'warn\n' },
    ]);
    expect(s.run?.exitCode).toBe(3);
  });

  it('shows the unavailable reason', () => {
    const s = play([
      { type: 'begin', interactive: false, connecting: true },
      { type: 'response', response: { available: false, reason: 'no sandbox' } },
    ]);
    expect(s.status).toBe('unavailable');
    expect(s.message).toBe('Code running is unavailable on this server: no sandbox');
  });
});
