import { useState } from 'react';
import { Accordion, Badge, Button, Code, Group, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { GRADE_LETTERS, type GradeLetter, type SubmissionView, type TestOutcome } from '@learn/shared';
import { CodeBlock } from '../../../lib/content-blocks/content-blocks';
import { formatDateTime } from '../../../lib/format-date';
import { toAppError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useGradeSubmission } from '../api/submissions';
import { SimilarityMarker } from '../../../lib/similarity-marker';

function TestTable({ tests }: { tests: TestOutcome[] }) {
  return (
    <Table withTableBorder striped aria-label="Test results">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Test</Table.Th>
          <Table.Th>Result</Table.Th>
          <Table.Th>Input</Table.Th>
          <Table.Th>Expected</Table.Th>
          <Table.Th>Actual</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tests.map((t) => (
          <Table.Tr key={t.index}>
            <Table.Td>
              {t.index + 1}
              {t.hidden ? ' (hidden)' : ' (sample)'}
            </Table.Td>
            <Table.Td>
              <Badge color={t.passed ? 'teal' : 'red'}>{t.passed ? 'Passed' : 'Failed'}</Badge>
              {t.error && <Text size="xs">{t.error}</Text>}
            </Table.Td>
            {[t.input, t.expected, t.actual].map((v, i) => (
              <Table.Td key={i}>
                <Code block>{v ?? ''}</Code>
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function testsLine(s: SubmissionView): string {
  if (s.autogradeStatus === 'none') return 'Graded by hand (no tests)';
  if (s.autogradeStatus === 'queued' || s.autogradeStatus === 'running') return 'Tests running...';
  if (s.autogradeStatus === 'error') return 'The tests could not run';
  return `Tests: ${s.passed} of ${s.total} passed${s.proposedGrade ? ` (proposed ${s.proposedGrade})` : ''}`;
}

function GradeForm({ submission }: { submission: SubmissionView }) {
  const [grade, setGrade] = useState<GradeLetter | null>(submission.grade);
  const [feedback, setFeedback] = useState(submission.feedback ?? '');
  const save = useGradeSubmission();
  // Grade, then feedback, then Save Grade: the form reads in the order it is filled in.
  return (
    <Stack gap="xs">
      <Select
        label="Grade"
        placeholder="Choose a grade"
        data={[...GRADE_LETTERS]}
        value={grade}
        onChange={(v) => setGrade(v as GradeLetter | null)}
        w={160}
      />
      <Textarea label="Feedback" value={feedback} onChange={(e) => setFeedback(e.currentTarget.value)} autosize minRows={2} />
      <Group>
        <Button
          onClick={() =>
            grade &&
            save.mutate(
              { id: submission.id, grade, feedback },
              {
                onSuccess: () =>
                  notify({ type: 'success', title: 'Grade saved', message: `${submission.studentName ?? 'The student'}: ${grade}` }),
              },
            )
          }
          disabled={!grade}
          loading={save.isPending}
        >
          Save Grade
        </Button>
      </Group>
      {save.isError && (
        <Text c="red.8" size="sm" role="alert">
          Failed to save grade. {toAppError(save.error).message}
        </Text>
      )}
    </Stack>
  );
}

/** One expandable review card: student, lecture, time, the code, the tests (hidden included), history, grading. */
export function SubmissionCard({ submission: s }: { submission: SubmissionView & { history: SubmissionView[] } }) {
  return (
    <Accordion.Item value={String(s.id)}>
      <Accordion.Control>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>
            {s.studentName} · Day {s.day}: {s.lectureTitle} · task {s.taskIndex + 1}
          </Text>
          <Group gap="xs">
            <Text size="sm" c="gray.7">
              {formatDateTime(s.submittedAt)}
            </Text>
            <SimilarityMarker courseId={s.courseId} kind="homework" refId={s.id} />
            {s.grade ? <Badge color="teal">Grade: {s.grade}</Badge> : <Badge color="yellow">Pending</Badge>}
          </Group>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          <CodeBlock code={s.code} language={s.language} caption="Submitted code" />
          <SimilarityMarker courseId={s.courseId} kind="homework" refId={s.id} link />
          <Text size="sm">{testsLine(s)}</Text>
          {s.tests && <TestTable tests={s.tests} />}
          {s.history.length > 0 && (
            <Stack gap={4}>
              <Text fw={600} size="sm">
                Earlier versions ({s.history.length})
              </Text>
              {s.history.map((h) => (
                <details key={h.id}>
                  <summary>
                    {formatDateTime(h.submittedAt)} · {testsLine(h)}
                  </summary>
                  <CodeBlock code={h.code} language={h.language} caption="Earlier version" />
                </details>
              ))}
            </Stack>
          )}
          <GradeForm submission={s} />
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
