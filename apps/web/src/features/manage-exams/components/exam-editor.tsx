import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { EXAM_QUESTION_TYPES, type ExamQuestion, type ExamView } from '@learn/shared';
import { toAppError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { ConfirmDialog, type ConfirmRequest } from '../../../lib/ui/confirm-dialog';
import { useBlankQuestion } from '../api/get-blank-question';
import { useUpdateExam } from '../api/update-exam';
import { moveQuestion, questionTypeNames, startedCount } from '../lib/questions';
import { ExamPreview } from './exam-preview';
import { QuestionEditor } from './question-editor';

/** One exam's editor: title, duration, the questions in order; Save asks first when students have started. */
export function ExamEditor({ exam }: { exam: ExamView }) {
  const [title, setTitle] = useState(exam.title);
  const [duration, setDuration] = useState<number | string>(exam.duration);
  const [questions, setQuestions] = useState<ExamQuestion[]>(exam.questions);
  const [type, setType] = useState<ExamQuestion['type']>('mcq');
  const update = useUpdateExam(exam.id);
  const blankQuestion = useBlankQuestion();
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  function save(confirmStarted = false) {
    setError(null);
    // The fields stay as typed whatever the answer: a refusal is shown beside them.
    update.mutate(
      { title, duration, questions, confirmStarted },
      {
        onSuccess: () => notify({ type: 'success', title: 'Exam saved' }),
        onError: (err) => {
          const e = toAppError(err);
          if (e.code === 409)
            setConfirm({
              title: 'Students have started this exam',
              message: e.message,
              confirmLabel: 'Save anyway',
              onConfirm: () => save(true),
            });
          else setError(e.message);
        },
        onSettled: () => {
          if (confirmStarted) setConfirm(null);
        },
      },
    );
  }

  async function addQuestion() {
    try {
      const blank = await blankQuestion(type);
      setQuestions((qs) => [...qs, blank]);
    } catch (err) {
      setError(toAppError(err).message);
    }
  }

  const started = startedCount(exam);

  return (
    <Stack gap="md">
      {started > 0 && (
        <Alert color="yellow" title="Students have started this exam">
          {exam.attempts.inProgress} taking it now, {exam.attempts.submitted + exam.attempts.graded} submitted. Saving asks you to confirm.
        </Alert>
      )}
      <Group align="flex-end" wrap="wrap">
        <TextInput label="Title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} style={{ flex: 1, minWidth: 220 }} />
        <NumberInput label="Duration (minutes)" value={duration} onChange={setDuration} min={1} max={600} w={180} />
      </Group>
      {questions.map((q, i) => (
        <QuestionEditor
          key={q.id}
          question={q}
          index={i}
          count={questions.length}
          onChange={(next) => setQuestions((qs) => qs.map((x, j) => (j === i ? next : x)))}
          onMove={(d) => setQuestions((qs) => moveQuestion(qs, i, d))}
          onDelete={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}
        />
      ))}
      {!questions.length && <Text c="gray.7">No questions yet: add the first one below.</Text>}
      <Group align="flex-end">
        <Select
          label="New question type"
          data={EXAM_QUESTION_TYPES.map((t) => ({ value: t, label: questionTypeNames[t] }))}
          value={type}
          onChange={(v) => v && setType(v as ExamQuestion['type'])}
          allowDeselect={false}
          w={200}
        />
        <Button variant="light" onClick={() => void addQuestion()}>
          Add question
        </Button>
      </Group>
      {error && (
        <Alert color="red" title="Not saved" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={() => setPreview(exam.id)}>
          Preview
        </Button>
        <Button loading={update.isPending} onClick={() => save()}>
          Save Exam
        </Button>
      </Group>
      <ConfirmDialog request={confirm} busy={update.isPending} onClose={() => setConfirm(null)} />
      <ExamPreview examId={preview} onClose={() => setPreview(null)} />
    </Stack>
  );
}
