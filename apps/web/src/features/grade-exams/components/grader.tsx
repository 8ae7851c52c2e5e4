import { useState } from 'react';
import { Alert, Button, Card, Group, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import type { ExamSubmissionView } from '@learn/shared';
import { toAppError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useGradeExamSubmission } from '../api/grade-exam-submission';
import { useRunExamTests } from '../api/run-exam-tests';
import { answerText, fillSuggested, initialScores, scoresToSend, totalScore, type ScoreInputs } from '../lib/scores';

/** One submission's grading: each answer with its automatic points and test results, a score each, feedback. */
export function Grader({ submission, onDone }: { submission: ExamSubmissionView; onDone: () => void }) {
  const [current, setCurrent] = useState(submission);
  const [scores, setScores] = useState<ScoreInputs>(() => initialScores(submission));
  const [feedback, setFeedback] = useState(submission.feedback ?? '');
  const [error, setError] = useState<string | null>(null);
  const tests = useRunExamTests();
  const save = useGradeExamSubmission();
  const hasTests = current.questions.some((q) => (q.type === 'code' || q.type === 'debug') && q.tests?.length);
  const total = totalScore(current.questions, scores);

  function runTests() {
    tests.mutate(current.id, {
      onSuccess: (next) => {
        setCurrent(next);
        setScores((s) => fillSuggested(s, next.autoPoints));
      },
      onError: (err) => setError(toAppError(err).message),
    });
  }

  function grade() {
    setError(null);
    save.mutate(
      { id: current.id, grade: { scores: scoresToSend(current.questions, scores), feedback } },
      {
        onSuccess: () => {
          notify({ type: 'success', title: 'Grade saved', message: `${current.studentName}: ${total}/${current.maxGrade}` });
          onDone();
        },
        onError: (err) => setError(toAppError(err).message),
      },
    );
  }

  return (
    <Stack gap="md">
      {current.questions.map((q, i) => {
        const results = current.tests[q.id];
        return (
          <Card key={q.id} withBorder padding="sm">
            <Stack gap={6}>
              <Text fw={600}>
                Question {i + 1} ({q.points} points): {q.prompt}
              </Text>
              <Text
                component="pre"
                size="sm"
                ff={q.type === 'code' || q.type === 'debug' ? 'monospace' : undefined}
                style={{ whiteSpace: 'pre-wrap' }}
                bg="gray.0"
                p="xs"
              >
                {answerText(q, current.answers[q.id])}
              </Text>
              {q.type === 'mcq' && (
                <Text size="sm" c="gray.7">
                  Correct: {String.fromCharCode(65 + (q.correctOption ?? 0))}. Automatic points: {current.autoPoints[q.id] ?? 0}
                </Text>
              )}
              {q.modelAnswer && (
                <Text size="sm" c="gray.7" style={{ whiteSpace: 'pre-wrap' }}>
                  Model answer: {q.modelAnswer}
                </Text>
              )}
              {results && (
                <Text size="sm" c={results.every((t) => t.passed) ? 'teal.9' : 'orange.9'}>
                  Tests: {results.filter((t) => t.passed).length} of {results.length} passed
                  {results.find((t) => !t.passed)?.error ? ` (${results.find((t) => !t.passed)!.error})` : ''}
                </Text>
              )}
              <NumberInput
                label={`Score for question ${i + 1}`}
                min={0}
                max={q.points}
                clampBehavior="strict"
                w={200}
                value={scores[q.id]}
                onChange={(v) => setScores((s) => ({ ...s, [q.id]: v }))}
              />
            </Stack>
          </Card>
        );
      })}
      <Textarea label="Feedback" autosize minRows={2} value={feedback} onChange={(e) => setFeedback(e.currentTarget.value)} />
      {error && (
        <Alert color="red" title="Not saved" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="space-between">
        <Text fw={600}>
          Total: {total}/{current.maxGrade}
        </Text>
        <Group>
          {hasTests && (
            <Button variant="default" loading={tests.isPending} onClick={runTests}>
              Run tests
            </Button>
          )}
          <Button loading={save.isPending} onClick={grade}>
            Save Grade
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
