import { useEffect, useRef, useState } from 'react';
import { Box, Button, Code, Group, Stack, Text, Textarea } from '@mantine/core';
import type { RunLanguage, RunResponse, StudentExamQuestion } from '@learn/shared';
import { CodeEditor, type EditorHandle } from '../../../lib/scratchpad/components/code-editor';
import { runOnce } from '../../../lib/scratchpad/api/run-code';
import { toAppError } from '../../../lib/errors';
import { useCheckAnswer } from '../api/check-answer';
import { OutputBlock } from '../../../lib/ui/output-block';

function runText(r: RunResponse): string {
  if (!r.available) return r.reason;
  if (r.compile && !r.compile.ok) return r.compile.output;
  const run = r.run!;
  return [run.stdout, run.stderr, run.limitMessage].filter(Boolean).join('\n') || '(no output)';
}

/**
 * A code or debug answer in the scratchpad's editor (highlighting, Tab indents, the course's language),
 * with Run on the student's own input and Check against the question's sample test. Check says only
 * whether the sample passes: no other test and no points.
 */
export function CodeAnswer({
  examId,
  question,
  label,
  language,
  value,
  onChange,
}: {
  examId: string;
  question: StudentExamQuestion;
  label: string;
  language: RunLanguage;
  value: string;
  onChange: (code: string) => void;
}) {
  const editor = useRef<EditorHandle>(null);
  const [stdin, setStdin] = useState('');
  const [output, setOutput] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const check = useCheckAnswer(examId);
  // Answers restored later (this browser's offline copy) reach the editor too.
  useEffect(() => editor.current?.replace(value), [value]);

  const run = async () => {
    const code = editor.current?.getCode() ?? value;
    if (!code.trim()) return;
    setRunning(true);
    try {
      setOutput(runText(await runOnce({ language, code, stdin }, new AbortController().signal)));
    } catch (err) {
      setOutput(toAppError(err).message);
    } finally {
      setRunning(false);
    }
  };

  return (
    <Stack gap="xs">
      <Box h={260} style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, overflow: 'hidden' }}>
        <CodeEditor
          ref={editor}
          language={language}
          initialCode={value}
          onChange={onChange}
          onRun={() => void run()}
          onReady={() => {}}
          label={`${label} answer`}
        />
      </Box>
      {question.sample && (
        <Box>
          <Text size="sm" fw={600}>
            Sample test
          </Text>
          <Text size="sm" c="gray.7">
            Input:
          </Text>
          <Code block>{question.sample.input || '(none)'}</Code>
          <Text size="sm" c="gray.7">
            Expected output:
          </Text>
          <Code block>{question.sample.expected}</Code>
        </Box>
      )}
      <Textarea
        label="Your input for Run (stdin)"
        value={stdin}
        onChange={(e) => setStdin(e.currentTarget.value)}
        autosize
        minRows={1}
        maxRows={4}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Group gap="xs">
        <Button variant="default" onClick={() => void run()} loading={running} disabled={!value.trim()} aria-label={`Run ${label}`}>
          Run
        </Button>
        {question.sample && (
          <Button
            variant="light"
            onClick={() => check.mutate({ questionId: question.id, code: editor.current?.getCode() ?? value })}
            loading={check.isPending}
            disabled={!value.trim()}
            aria-label={`Check ${label} against the sample test`}
          >
            Check
          </Button>
        )}
      </Group>
      {output !== null && <OutputBlock output={output} />}
      {check.error && (
        <Text c="red.8" size="sm" role="alert">
          {toAppError(check.error).message}
        </Text>
      )}
      {check.data && (
        <Box role="status" aria-live="polite">
          <Text size="sm" fw={600} c={check.data.passed ? 'teal.9' : 'red.8'}>
            {check.data.passed ? 'The sample test passes.' : 'The sample test does not pass yet.'}
          </Text>
          {!check.data.passed && (
            <>
              {check.data.error && (
                <Text size="sm" c="red.8">
                  {check.data.error}
                </Text>
              )}
              <Text size="sm" c="gray.7">
                Your output:
              </Text>
              <Code block>{check.data.actual || '(no output)'}</Code>
            </>
          )}
          <Text size="xs" c="gray.7" mt={4}>
            Check uses the sample test only; your mate grades the answer after you submit.
          </Text>
        </Box>
      )}
    </Stack>
  );
}
