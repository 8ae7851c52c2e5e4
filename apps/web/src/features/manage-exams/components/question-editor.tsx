import { ActionIcon, Badge, Button, Card, Group, NumberInput, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import type { ExamQuestion } from '@learn/shared';
import { questionTypeNames } from '../lib/questions';

const mono = { input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } };

/** One question of the exam editor: the fields its type has, tests for code and debug, move and delete. */
export function QuestionEditor({
  question,
  index,
  count,
  onChange,
  onMove,
  onDelete,
}: {
  question: ExamQuestion;
  index: number;
  count: number;
  onChange: (q: ExamQuestion) => void;
  onMove: (delta: -1 | 1) => void;
  onDelete: () => void;
}) {
  const n = index + 1;
  const set = (patch: Partial<ExamQuestion>) => onChange({ ...question, ...patch });
  const options = question.options ?? [];
  const tests = question.tests ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-label={`Question ${n}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Badge variant="light">{questionTypeNames[question.type]}</Badge>
            <strong>Question {n}</strong>
          </Group>
          <Group gap={4}>
            <ActionIcon variant="default" aria-label={`Move question ${n} up`} disabled={index === 0} onClick={() => onMove(-1)}>
              ↑
            </ActionIcon>
            <ActionIcon variant="default" aria-label={`Move question ${n} down`} disabled={index === count - 1} onClick={() => onMove(1)}>
              ↓
            </ActionIcon>
            <Button variant="subtle" color="red.8" size="xs" onClick={onDelete}>
              Delete
            </Button>
          </Group>
        </Group>
        <Textarea
          label={`Question ${n} prompt`}
          autosize
          minRows={2}
          value={question.prompt}
          onChange={(e) => set({ prompt: e.currentTarget.value })}
        />
        <NumberInput
          label={`Question ${n} points`}
          min={0}
          max={1000}
          w={160}
          value={question.points}
          onChange={(v) => set({ points: typeof v === 'number' ? v : 0 })}
        />
        {question.type === 'mcq' && (
          <Radio.Group
            label={`Question ${n} options (choose the correct one)`}
            value={String(question.correctOption ?? 0)}
            onChange={(v) => set({ correctOption: Number(v) })}
          >
            <Stack gap={6} mt={4}>
              {options.map((o, i) => (
                <Group key={i} gap="xs" wrap="nowrap">
                  <Radio value={String(i)} aria-label={`Option ${i + 1} is correct`} />
                  <TextInput
                    aria-label={`Question ${n} option ${i + 1}`}
                    style={{ flex: 1 }}
                    value={o}
                    onChange={(e) => set({ options: options.map((x, j) => (j === i ? e.currentTarget.value : x)) })}
                  />
                </Group>
              ))}
            </Stack>
          </Radio.Group>
        )}
        {question.type === 'debug' && (
          <Textarea
            label={`Question ${n} buggy code`}
            autosize
            minRows={4}
            styles={mono}
            value={question.buggyCode ?? ''}
            onChange={(e) => set({ buggyCode: e.currentTarget.value })}
          />
        )}
        {question.type === 'code' && (
          <Textarea
            label={`Question ${n} starter code`}
            autosize
            minRows={3}
            styles={mono}
            value={question.starterCode ?? ''}
            onChange={(e) => set({ starterCode: e.currentTarget.value })}
          />
        )}
        {question.type !== 'mcq' && (
          <Textarea
            label={`Question ${n} model answer (mates only)`}
            autosize
            minRows={2}
            styles={question.type === 'short-answer' ? undefined : mono}
            value={question.modelAnswer ?? ''}
            onChange={(e) => set({ modelAnswer: e.currentTarget.value })}
          />
        )}
        {(question.type === 'code' || question.type === 'debug') && (
          <Stack gap="xs">
            {tests.map((t, i) => (
              <Group key={i} align="flex-end" gap="xs" wrap="nowrap">
                <Textarea
                  label={`Test ${i + 1} input`}
                  autosize
                  styles={mono}
                  style={{ flex: 1 }}
                  value={t.stdin}
                  onChange={(e) => set({ tests: tests.map((x, j) => (j === i ? { ...x, stdin: e.currentTarget.value } : x)) })}
                />
                <Textarea
                  label={`Test ${i + 1} expected output`}
                  autosize
                  styles={mono}
                  style={{ flex: 1 }}
                  value={t.expectedOutput}
                  onChange={(e) => set({ tests: tests.map((x, j) => (j === i ? { ...x, expectedOutput: e.currentTarget.value } : x)) })}
                />
                <Button variant="subtle" color="red.8" size="xs" onClick={() => set({ tests: tests.filter((_, j) => j !== i) })}>
                  Remove
                </Button>
              </Group>
            ))}
            <Button variant="light" size="xs" w="fit-content" onClick={() => set({ tests: [...tests, { stdin: '', expectedOutput: '' }] })}>
              Add test
            </Button>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
