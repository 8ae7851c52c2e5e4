import { useState } from 'react';
import { Alert, Button, Card, Group, Radio, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { QuizCheckResult, QuizQuestionView } from '@learn/shared';
import { RichText } from '../../../lib/content-blocks/content-blocks';
import { toAppError } from '../../../lib/errors';
import { useCheckQuizAnswer } from '../api/check-quiz-answer';
import { EmptyText } from './locked-panel';

/** One quiz question: pick an option, 'Check Answer' asks the server, which says only right or wrong. */
function QuizQuestion({ lectureId, index, question }: { lectureId: string; index: number; question: QuizQuestionView }) {
  const [choice, setChoice] = useState<string | null>(null);
  const [result, setResult] = useState<QuizCheckResult | null>(null);
  const check = useCheckQuizAnswer(lectureId, index);
  const labelId = `quiz-${index}-label`;

  function onChange(value: string) {
    setChoice(value);
    setResult(null);
    check.reset();
  }

  function onCheck() {
    if (choice === null) return;
    check.mutate(Number(choice), { onSuccess: setResult });
  }

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={labelId}>
      <Radio.Group
        value={choice}
        onChange={onChange}
        label={
          <span id={labelId}>
            {index + 1}. <RichText text={question.question} />
          </span>
        }
        styles={{ label: { fontWeight: 600, fontSize: 'var(--mantine-font-size-md)', marginBottom: 8 } }}
      >
        <Stack gap="xs">
          {question.options.map((option, i) => {
            const verdict = result !== null && String(i) === choice ? result.correct : null;
            const isRight = verdict === true;
            const isWrongChoice = verdict === false;
            return (
              <Group
                key={i}
                gap="xs"
                wrap="nowrap"
                p="xs"
                data-correct-option={isRight || undefined}
                data-wrong-choice={isWrongChoice || undefined}
                style={{
                  borderRadius: 'var(--mantine-radius-md)',
                  border: `1px solid var(--mantine-color-${isRight ? 'teal-7' : isWrongChoice ? 'red-7' : 'gray-3'})`,
                  background: isRight ? 'var(--mantine-color-teal-0)' : isWrongChoice ? 'var(--mantine-color-red-0)' : undefined,
                }}
              >
                <Radio value={String(i)} label={<RichText text={option} />} style={{ flex: 1 }} />
                {isRight && (
                  <Text size="sm" fw={600} c="teal.9" style={{ whiteSpace: 'nowrap' }}>
                    <IconCheck size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> Right answer
                  </Text>
                )}
                {isWrongChoice && (
                  <Text size="sm" fw={600} c="red.9" style={{ whiteSpace: 'nowrap' }}>
                    <IconX size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> Your answer
                  </Text>
                )}
              </Group>
            );
          })}
        </Stack>
      </Radio.Group>
      <Group mt="md" gap="md" align="center">
        <Button onClick={onCheck} disabled={choice === null} loading={check.isPending}>
          Check Answer
        </Button>
        <div role="status" aria-live="polite">
          {result && (
            <Group gap={6} wrap="nowrap">
              <ThemeIcon size="sm" radius="xl" color={result.correct ? 'teal.9' : 'red.8'} aria-hidden>
                {result.correct ? <IconCheck size={14} /> : <IconX size={14} />}
              </ThemeIcon>
              <Text fw={700} c={result.correct ? 'teal.9' : 'red.9'}>
                {result.correct ? 'Correct' : 'Not quite'}
              </Text>
              {!result.correct && (
                <Text size="sm" c="gray.8">
                  Try another option.
                </Text>
              )}
            </Group>
          )}
        </div>
      </Group>
      {check.error && (
        <Alert color="red" mt="sm" role="alert" title="Could not check your answer">
          {toAppError(check.error).message}
        </Alert>
      )}
    </Card>
  );
}

export function QuickQuiz({ lectureId, questions }: { lectureId: string; questions: QuizQuestionView[] }) {
  if (!questions.length) return <EmptyText>This lecture has no quiz questions.</EmptyText>;
  return (
    <Stack gap="md">
      {questions.map((q, i) => (
        <QuizQuestion key={`${lectureId}-${i}`} lectureId={lectureId} index={i} question={q} />
      ))}
    </Stack>
  );
}
