import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Box, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { crashMessage, type Diagnostic } from '@learn/shared';
import { isActive, type Chunk, type RunState } from '../run-session';
import { InputLine } from './input-line';

const streamColors: Record<Chunk['stream'], string> = {
  stdout: '#1f2328',
  stderr: 'var(--mantine-color-red-9)',
  stdin: 'var(--mantine-color-blue-9)',
  info: 'var(--mantine-color-gray-7)',
};

function LineLink({ line, column, onGoTo, children }: { line: number; column: number; onGoTo: GoTo; children: ReactNode }) {
  return (
    <UnstyledButton
      onClick={() => onGoTo(line, column)}
      c="blue.9"
      fz="inherit"
      ff="inherit"
      td="underline"
      aria-label={`Go to line ${line}, column ${column}`}
    >
      {children}
    </UnstyledButton>
  );
}

type GoTo = (line: number, column: number) => void;

/** Python tracebacks name lines as `File "main.py", line 3`: those become links too. */
function linkLines(text: string, onGoTo: GoTo): ReactNode[] {
  return text.split(/(File "main\.py", line \d+)/).map((part, i) => {
    const m = /line (\d+)$/.exec(part);
    return i % 2 === 1 && m ? (
      <LineLink key={i} line={Number(m[1])} column={1} onGoTo={onGoTo}>
        {part}
      </LineLink>
    ) : (
      part
    );
  });
}

export function Diagnostics({ diagnostics, onGoTo }: { diagnostics: Diagnostic[]; onGoTo: GoTo }) {
  return (
    <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Compiler messages">
      {diagnostics.map((d, i) => (
        <Box component="li" key={i} fz={13} ff="monospace" c={d.severity === 'error' ? 'red.9' : 'gray.9'}>
          <LineLink line={d.line} column={d.column} onGoTo={onGoTo}>
            Line {d.line}:{d.column}
          </LineLink>{' '}
          {d.severity}: {d.message}
        </Box>
      ))}
    </Stack>
  );
}

function statusText(s: RunState): string | null {
  switch (s.status) {
    case 'connecting':
      return 'Compiling and running...';
    case 'loading':
      return 'Loading Python (the first run takes a few seconds)...';
    case 'queued':
      return `Waiting for a free runner (position ${s.queuePosition ?? 1})...`;
    case 'compiling':
      return 'Compiling...';
    case 'running':
      // Python says when it waits for a line; a C or C++ program may read at any moment.
      return s.interactive && (s.language !== 'python' || s.waitingForInput)
        ? 'Running: type input below when your program asks for it.'
        : 'Running...';
    default:
      return null;
  }
}

function Summary({ state }: { state: RunState }) {
  const { run, compile } = state;
  if (state.status === 'stopped')
    return (
      <Text size="sm" c="gray.8">
        Stopped.
      </Text>
    );
  if (compile && !compile.ok)
    return (
      <Text size="sm" c="red.9" fw={600}>
        {state.language === 'python'
          ? `Syntax error on line ${compile.diagnostics[0]?.line ?? 1}: fix it and run again.`
          : 'Compilation failed: fix the lines above and run again.'}
      </Text>
    );
  if (!run || state.status !== 'finished') return null;
  return (
    <Stack gap={6}>
      {run.limitMessage && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} p="xs" role="alert">
          <Text size="sm" c="orange.9" fw={600}>
            {run.limitMessage}
          </Text>
        </Alert>
      )}
      <Text size="sm" c={run.exitCode === 0 && !run.signal ? 'teal.9' : 'gray.9'}>
        Finished in {run.timeMs} ms{run.signal ? '.' : `, exit code ${run.exitCode ?? '?'}.`}
      </Text>
      {run.signal && !run.limitMessage && (
        <Text size="sm" c="red.9">
          {crashMessage(run.signal)}
        </Text>
      )}
    </Stack>
  );
}

/** The output console: status, compiler messages (line links move the editor cursor), output, the result. */
export function RunConsole({
  state,
  onGoTo,
  onLine,
  onEof,
}: {
  state: RunState;
  onGoTo: GoTo;
  onLine: (line: string) => void;
  onEof: () => void;
}) {
  const log = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [state.output, state.status]);
  const active = isActive(state);
  const status = statusText(state);
  const compile = state.compile;
  return (
    <Stack gap="xs" style={{ flex: '2 1 0', minHeight: 0 }}>
      <Box
        ref={log}
        role="log"
        aria-label="Output"
        tabIndex={0}
        p="sm"
        bg="gray.0"
        style={{ flex: 1, minHeight: 120, overflow: 'auto', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
      >
        {state.status === 'idle' && (
          <Text size="sm" c="gray.7">
            Press Run (or Ctrl+Enter) to see your program's output here.
          </Text>
        )}
        {status && (
          <Group gap="xs" mb={4}>
            <Loader size={14} aria-hidden />
            <Text size="sm" c="gray.8">
              {status}
            </Text>
          </Group>
        )}
        {state.message && (
          <Text size="sm" c="red.9" fw={600} role="alert">
            {state.message}
          </Text>
        )}
        {compile && compile.diagnostics.length > 0 && <Diagnostics diagnostics={compile.diagnostics} onGoTo={onGoTo} />}
        {compile && !compile.ok && !compile.diagnostics.length && compile.output && (
          <Box component="pre" m={0} fz={13} c="red.9" style={{ whiteSpace: 'pre-wrap' }}>
            {compile.output}
          </Box>
        )}
        {compile?.limitMessage && (
          <Text size="sm" c="orange.9" fw={600}>
            {compile.limitMessage}
          </Text>
        )}
        {state.output.length > 0 && (
          <Box
            component="pre"
            m={0}
            my={4}
            fz={13}
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
            data-testid="program-output"
          >
            {state.output.map((c, i) => (
              <span key={i} style={{ color: streamColors[c.stream], fontWeight: c.stream === 'stdin' ? 600 : undefined }}>
                {c.stream === 'stderr' ? linkLines(c.text, onGoTo) : c.text}
              </span>
            ))}
          </Box>
        )}
        <Summary state={state} />
      </Box>
      {active && state.interactive && <InputLine waiting={state.waitingForInput} onLine={onLine} onEof={onEof} />}
    </Stack>
  );
}
