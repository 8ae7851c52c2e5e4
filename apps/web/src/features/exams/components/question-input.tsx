import { Radio, Stack, Text, Textarea } from '@mantine/core';
import type { RunLanguage, StudentExamQuestion } from '@learn/shared';
import { CodeAnswer } from './code-answer';
import { TaskText } from '../../../lib/content-blocks/content-blocks';

const typeLabel: Record<StudentExamQuestion['type'], string> = {
  mcq: 'Multiple choice',
  'short-answer': 'Short answer',
  debug: 'Find and fix the bug',
  code: 'Write the code',
};

/** One question and its answer field; read-only after submission. */
export function QuestionInput({
  question,
  index,
  value,
  readOnly,
  onChange,
  result,
  examId,
  language,
}: {
  examId: string;
  language: RunLanguage;
  question: StudentExamQuestion;
  index: number;
  value: string | number | null | undefined;
  readOnly: boolean;
  onChange: (value: string | number | null) => void;
  result?: { points: number | null; correctOption?: number };
}) {
  const label = `Question ${index + 1}`;
  return (
    <Stack gap="xs" component="section" aria-label={label}>
      <Text fw={600}>
        {label} · {typeLabel[question.type]} · {question.points} point{question.points === 1 ? '' : 's'}
        {result && result.points !== null ? ` · scored ${result.points}` : ''}
      </Text>
      <div>
        <TaskText text={question.prompt} />
      </div>
      {question.type === 'mcq' ? (
        <Radio.Group
          value={typeof value === 'number' ? String(value) : null}
          onChange={(v) => onChange(Number(v))}
          aria-label={`${label} options`}
          readOnly={readOnly}
        >
          <Stack gap={6} mt={4}>
            {(question.options ?? []).map((option, i) => (
              <Radio
                key={i}
                value={String(i)}
                label={option + (result?.correctOption === i ? ' (correct answer)' : '')}
                disabled={readOnly && value !== i}
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : question.type !== 'short-answer' && !readOnly ? (
        <CodeAnswer
          examId={examId}
          question={question}
          label={label}
          language={language}
          value={typeof value === 'string' ? value : (question.buggyCode ?? question.starterCode ?? '')}
          onChange={onChange}
        />
      ) : (
        <Textarea
          aria-label={`${label} answer`}
          autosize
          minRows={question.type === 'short-answer' ? 3 : 8}
          readOnly={readOnly}
          value={typeof value === 'string' ? value : (question.buggyCode ?? question.starterCode ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
          styles={
            question.type === 'short-answer' ? undefined : { input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 14 } }
          }
          spellCheck={question.type === 'short-answer'}
        />
      )}
    </Stack>
  );
}
