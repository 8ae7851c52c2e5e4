import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { initialRunState, runReducer, type RunEvent, type RunState } from '../run-session';
import { RunConsole } from './run-console';

const ui = (state: RunState) =>
  render(
    <MantineProvider env="test">
      <RunConsole state={state} onGoTo={() => {}} onLine={() => {}} onEof={() => {}} />
    </MantineProvider>,
  );
const play = (events: RunEvent[]) => events.reduce(runReducer, initialRunState);
const typeInput = /type input below/;

describe('the console while Python runs in the browser', () => {
  it('asks for input only while the program waits in input()', () => {
    const running = play([{ type: 'begin', interactive: true, connecting: false, language: 'python' }, { type: 'started' }]);
    const { unmount } = ui(running);
    expect(screen.getByText('Running...')).toBeTruthy();
    expect(screen.queryByText(typeInput)).toBeNull();
    unmount();
    ui(runReducer(running, { type: 'input-wanted' }));
    expect(screen.getByText(typeInput)).toBeTruthy();
  });

  it('keeps the prompt for a C program typed into, which may read at any moment', () => {
    ui(play([{ type: 'begin', interactive: true, connecting: true, language: 'c' }, { type: 'started' }]));
    expect(screen.getByText(typeInput)).toBeTruthy();
  });

  it('names a Python syntax error and its line, not a compilation', () => {
    const state = play([
      { type: 'begin', interactive: false, connecting: false, language: 'python' },
      {
        type: 'compiled',
        compile: {
          ok: false,
          diagnostics: [{ line: 3, column: 8, severity: 'error', message: "expected ':'" }],
          output: '',
          timeMs: 4,
          limit: null,
          limitMessage: null,
        },
      },
    ]);
    ui(state);
    expect(screen.getByText('Syntax error on line 3: fix it and run again.')).toBeTruthy();
    expect(screen.queryByText(/Compilation failed/)).toBeNull();
  });
});
