import { useCallback, useRef, useState } from 'react';
import { Box, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { HOMEWORK_SUBMIT_DELAY_MS, type HomeworkTask, type RunResponse } from '@learn/shared';
import { CodeEditor, type EditorHandle } from '../../../lib/scratchpad/components/code-editor';
import { runOnce } from '../../../lib/scratchpad/api/run-code';
import { notify } from '../../../lib/notify';
import { toAppError } from '../../../lib/errors';
import { useCheck, useSubmit } from '../api/homework';
import { loadTaskDraft, saveTaskDraft } from '../lib/task-draft';
import { CheckResultView } from './check-result';
import { SubmittedDialog } from './submitted-dialog';
import { OutputBlock } from '../../../lib/ui/output-block';

function runText(r: RunResponse): string {
  if (!r.available) return r.reason;
  if (r.compile && !r.compile.ok) return r.compile.output;
  const run = r.run!;
  return [run.stdout, run.stderr, run.limitMessage].filter(Boolean).join('\n') || '(no output)';
}

/** One task: its text, the editor with the draft, Run with own input, Check against the tests, Submit. */
export function TaskWorkspace({
  task,
  userId,
  courseId,
  onClose,
}: {
  task: HomeworkTask;
  userId: string;
  courseId: string;
  onClose: () => void;
}) {
  const editor = useRef<EditorHandle>(null);
  const [code, setCode] = useState(() => loadTaskDraft(userId, task.lectureId, task.taskIndex) ?? task.initialCode);
  const [stdin, setStdin] = useState('');
  const [output, setOutput] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const check = useCheck();
  const submit = useSubmit(courseId);
  const label = `Code for task ${task.taskIndex + 1}`;

  const change = (next: string) => {
    setCode(next);
    saveTaskDraft(userId, task.lectureId, task.taskIndex, next);
  };
  const run = async () => {
    if (!code.trim()) return;
    setRunning(true);
    try {
      setOutput(runText(await runOnce({ language: task.language, code, stdin }, new AbortController().signal)));
    } catch (err) {
      setOutput(toAppError(err).message);
    } finally {
      setRunning(false);
    }
  };
  const body = { lectureId: task.lectureId, taskIndex: task.taskIndex, code };
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const closeSubmitted = useCallback(() => setSubmitted(false), []);
  // Spec 9: the submit shows its work for at least 0.5 s; the success dialog then closes itself after 1.5 s.
  const doSubmit = () => {
    setSubmitting(true);
    return Promise.all([submit.mutateAsync(body), new Promise((r) => setTimeout(r, HOMEWORK_SUBMIT_DELAY_MS))])
      .then(
        () => setSubmitted(true),
        (err: unknown) =>
          notify({
            type: 'error',
            title: 'Submission Failed',
            message: toAppError(err).message || 'Failed to submit homework. Please try again.',
          }),
      )
      .finally(() => setSubmitting(false));
  };

  return (
    <Stack gap="sm" mt="sm">
      <Box h={320} style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, overflow: 'hidden' }}>
        <CodeEditor
          ref={editor}
          language={task.language}
          initialCode={code}
          onChange={change}
          onRun={() => void run()}
          onReady={() => {}}
          label={label}
        />
      </Box>
      <Textarea
        label="Your input (stdin)"
        value={stdin}
        onChange={(e) => setStdin(e.currentTarget.value)}
        autosize
        minRows={1}
        maxRows={6}
      />
      <Group gap="xs">
        <Button variant="default" onClick={() => void run()} loading={running} disabled={!code.trim()}>
          Run
        </Button>
        {task.autograde && (
          <Button variant="light" onClick={() => check.mutate(body)} loading={check.isPending} disabled={!code.trim()}>
            Check
          </Button>
        )}
        {task.type === 'homework' && (
          <Button onClick={() => void doSubmit()} loading={submitting} disabled={!code.trim()}>
            Submit
          </Button>
        )}
        <Button variant="subtle" onClick={onClose}>
          Close
        </Button>
      </Group>
      {output !== null && <OutputBlock output={output} />}
      {check.error && (
        <Text c="red.8" size="sm" role="alert">
          {toAppError(check.error).message}
        </Text>
      )}
      {check.data && <CheckResultView result={check.data} />}
      <SubmittedDialog opened={submitted} onClose={closeSubmitted} />
    </Stack>
  );
}
