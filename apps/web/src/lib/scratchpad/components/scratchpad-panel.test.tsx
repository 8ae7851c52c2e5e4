import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http } from 'msw';
import type { RunStatusResponse } from '@learn/shared';
import { server } from '../../../testing/server';
import { reply } from '../../../testing/handlers';
import { draftKey, starters } from '../drafts';
import { initialRunState, type RunState } from '../run-session';
import { CodeEditor, type EditorHandle } from './code-editor';
import { RunConsole } from './run-console';
import ScratchpadPanel, { type ScratchpadPanelProps } from './scratchpad-panel';

// jsdom does not lay text out; CodeMirror measures ranges, so give them empty boxes.
const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= emptyRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

const ui = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider env="test">{node}</MantineProvider>
    </QueryClientProvider>,
  );
const editorText = () => document.querySelector('.cm-content')?.textContent;

describe('ScratchpadPanel drafts', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.useRealTimers());

  const props: ScratchpadPanelProps = {
    opened: true,
    onClose: () => {},
    userId: 'user_a',
    languages: ['python'],
    language: 'python',
    request: null,
  };

  it("opens on the user's draft for the language, and someone else's draft stays theirs", async () => {
    localStorage.setItem(draftKey('user_a', 'python'), 'print("mine")');
    const first = ui(<ScratchpadPanel {...props} />);
    await waitFor(() => expect(editorText()).toBe('print("mine")'));
    first.unmount();
    ui(<ScratchpadPanel {...props} userId="user_b" />);
    await waitFor(() => expect(editorText()).toBe(starters.python.trimEnd()));
  });

  it('loads code from Run in Scratchpad and keeps it as the draft across a reload', async () => {
    const request = { id: 1, code: 'print(6 * 7)', language: 'python' as const };
    const first = ui(<ScratchpadPanel {...props} request={request} />);
    await waitFor(() => expect(editorText()).toBe('print(6 * 7)'));
    await waitFor(() => expect(localStorage.getItem(draftKey('user_a', 'python'))).toBe('print(6 * 7)'));
    expect(localStorage.getItem(draftKey('user_b', 'python'))).toBeNull();
    first.unmount();
    ui(<ScratchpadPanel {...props} />);
    await waitFor(() => expect(editorText()).toBe('print(6 * 7)'));
  });
});

describe('compile errors with line links', () => {
  const failed: RunState = {
    ...initialRunState,
    status: 'finished',
    compile: {
      ok: false,
      diagnostics: [{ line: 2, column: 5, severity: 'error', message: "expected ';' before 'return'" }],
      output: '',
      timeMs: 90,
      limit: null,
      limitMessage: null,
    },
  };

  it('a line link asks to go to that line and column', () => {
    const onGoTo = vi.fn();
    ui(<RunConsole state={failed} onGoTo={onGoTo} onLine={() => {}} onEof={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Go to line 2, column 5' }));
    expect(onGoTo).toHaveBeenCalledWith(2, 5);
    expect(screen.getByText(/Compilation failed/)).toBeTruthy();
  });

  it('links the lines of a Python traceback', () => {
    const onGoTo = vi.fn();
    const state: RunState = {
      ...initialRunState,
      status: 'finished',
      output: [{ stream: 'stderr', text: 'Traceback (most recent call last):\n  File "main.py", line 3, in <module>\nNameError' }],
    };
    ui(<RunConsole state={state} onGoTo={onGoTo} onLine={() => {}} onEof={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Go to line 3, column 1' }));
    expect(onGoTo).toHaveBeenCalledWith(3, 1);
  });

  it('the editor moves its cursor to the line', async () => {
    const ref = createRef<EditorHandle>();
    ui(
      <CodeEditor
        ref={ref}
        language="c"
        initialCode={'int main(void) {\n    return 0\n}\n'}
        label="C code editor"
        onChange={() => {}}
        onRun={() => {}}
        onReady={() => {}}
      />,
    );
    await waitFor(() => expect(ref.current).toBeTruthy());
    act(() => ref.current!.goTo(2, 5));
    expect(document.querySelector('.cm-activeLine')?.textContent).toBe('    return 0');
    // Out-of-range positions land on the nearest line instead of throwing.
    act(() => ref.current!.goTo(99, 1));
    expect(document.querySelector('.cm-activeLine')?.textContent).toBe('');
  });
});

describe('interactive input', () => {
  it('sends a typed line on Enter and end of input from the button', () => {
    const onLine = vi.fn();
    const onEof = vi.fn();
    const running: RunState = { ...initialRunState, status: 'running', interactive: true, waitingForInput: true };
    ui(<RunConsole state={running} onGoTo={() => {}} onLine={onLine} onEof={onEof} />);
    const input = screen.getByRole('textbox', { name: /Program input/ });
    fireEvent.change(input, { target: { value: '21' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onLine).toHaveBeenCalledWith('21');
    expect((input as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Send end of input' }));
    expect(onEof).toHaveBeenCalled();
  });
});

describe('ScratchpadPanel when the server cannot run code', () => {
  it('says so, and why, before the first Run of C or C++', async () => {
    const reason = 'bubblewrap was not found at /usr/bin/bwrap (install the Debian package "bubblewrap")';
    server.use(http.get('*/api/run/status', () => reply<RunStatusResponse>(200, { available: false, reason })));
    ui(<ScratchpadPanel opened onClose={() => {}} userId="user_a" languages={['c', 'python']} language="c" request={null} />);
    expect(await screen.findByText('Code running is off on this server')).toBeTruthy();
    expect(screen.getByText(new RegExp(`bubblewrap was not found.*Python still runs in your browser`))).toBeTruthy();
  });
});
