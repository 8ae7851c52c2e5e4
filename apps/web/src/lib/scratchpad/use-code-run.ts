import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { RunLanguage } from '@learn/shared';
import { toAppError } from '../errors';
import { openRunSocket, runOnce, type RunSocket } from './api/run-code';
import { canShareMemory, PythonRunner } from './python/python-runner';
import type { WorkerToPage } from './python/python-protocol';
import { initialRunState, runReducer, type RunEvent } from './run-session';

const stopResult = { stdout: '', stderr: '', exitCode: null, signal: null, timeMs: 0, limit: null, limitMessage: null, truncated: false };

/** Maps the Python worker's messages onto the console's events. */
function fromWorker(msg: WorkerToPage): RunEvent | undefined {
  switch (msg.type) {
    case 'ready':
      return { type: 'started' };
    case 'exit':
      console.info(`[scratchpad] Python run took ${msg.run.timeMs} ms`);
      return msg.stopped ? { type: 'stopped', run: msg.run } : { type: 'exit', run: msg.run };
    default:
      return msg;
  }
}

/**
 * Runs code and keeps the console's state. C and C++ run on the server: over /api/run/ws when input is typed
 * while the program runs, through POST /api/run when it was pasted in one go. Python runs in the browser.
 */
export function useCodeRun() {
  const [state, dispatch] = useReducer(runReducer, initialRunState);
  const socket = useRef<RunSocket | undefined>(undefined);
  const python = useRef<PythonRunner | undefined>(undefined);
  const request = useRef<AbortController | undefined>(undefined);
  const language = useRef<RunLanguage>('c');

  useEffect(
    () => () => {
      socket.current?.close();
      request.current?.abort();
      python.current?.dispose();
    },
    [],
  );

  const start = useCallback((lang: RunLanguage, code: string, stdin: string) => {
    language.current = lang;
    socket.current?.close();
    request.current?.abort();
    const interactive = stdin === '';
    if (lang === 'python') {
      // Without cross-origin isolation the worker cannot wait for a typed line: input() then sees end of input.
      const typed = interactive && canShareMemory();
      dispatch({ type: 'begin', interactive: typed, connecting: false, language: lang });
      python.current ??= new PythonRunner();
      python.current.run(code, interactive ? null : stdin, (msg) => {
        const event = fromWorker(msg);
        if (event) dispatch(event);
      });
      return;
    }
    dispatch({ type: 'begin', interactive, connecting: true, language: lang });
    if (!interactive) {
      const controller = new AbortController();
      request.current = controller;
      runOnce({ language: lang, code, stdin }, controller.signal)
        .then((response) => dispatch({ type: 'response', response }))
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          dispatch({ type: 'failed', message: toAppError(err, 'POST run').message });
        });
      return;
    }
    socket.current = openRunSocket({ language: lang, code }, dispatch, (opened) =>
      dispatch(
        opened ? { type: 'closed' } : { type: 'failed', message: 'Could not reach the code runner. Check your connection and run again.' },
      ),
    );
  }, []);

  const sendLine = useCallback((line: string) => {
    const data = `${line}\n`;
    dispatch({ type: 'echo', data });
    if (language.current === 'python') python.current?.sendLine(data);
    else socket.current?.send({ type: 'stdin', data });
  }, []);

  const sendEof = useCallback(() => {
    dispatch({ type: 'eof-sent' });
    if (language.current === 'python') python.current?.sendEof();
    else socket.current?.send({ type: 'eof' });
  }, []);

  const stop = useCallback(() => {
    dispatch({ type: 'stop-requested' });
    if (language.current === 'python') return python.current?.stop();
    if (request.current && !request.current.signal.aborted) {
      // The server ends the run at its own limits; the page stops waiting for it.
      request.current.abort();
      dispatch({ type: 'stopped', run: stopResult });
      return;
    }
    socket.current?.send({ type: 'kill' });
  }, []);

  /** Loads Pyodide in the background once the panel is open in Python. */
  const warmPython = useCallback(() => {
    python.current ??= new PythonRunner();
    python.current.warm();
  }, []);

  return { state, start, sendLine, sendEof, stop, warmPython };
}
