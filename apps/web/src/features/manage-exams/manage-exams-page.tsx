import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EXAM_QUESTION_TYPES, EXAM_WEEKS, type ExamQuestion, type ExamView, type StudentExamQuestion } from '@learn/shared';
import { api } from '../../lib/api-client';
import { usePrefix } from '../../lib/course-prefix';
import { count } from '../../lib/format-count';
import { useSelectedCourse } from '../../lib/course-selection';
import { toAppError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { ConfirmDialog, type ConfirmRequest } from '../../lib/ui/confirm-dialog';
import { ErrorState, LoadingState } from '../../lib/ui/query-state';
import { modalProps } from '../../lib/ui/ui';
import { QuestionEditor } from './components/question-editor';

const typeNames: Record<ExamQuestion['type'], string> = {
  mcq: 'Multiple choice',
  'short-answer': 'Short answer',
  debug: 'Debug',
  code: 'Code',
};

function Preview({ examId, onClose }: { examId: string | null; onClose: () => void }) {
  const preview = useQuery({
    queryKey: ['exams', 'preview', examId],
    queryFn: () => api<{ title: string; questions: StudentExamQuestion[] }>(`exams/${encodeURIComponent(examId!)}/preview`),
    enabled: !!examId,
  });
  return (
    <Modal {...modalProps} opened={!!examId} onClose={onClose} title="Preview as a student sees it" size="lg">
      {preview.isPending ? (
        <LoadingState label="Loading the preview..." />
      ) : preview.error ? (
        <ErrorState title="Could not load the preview" error={preview.error} />
      ) : (
        <Stack gap="md">
          <Title order={2} size="h4">
            {preview.data.title}
          </Title>
          {preview.data.questions.map((q, i) => (
            <Stack key={q.id} gap={4}>
              <Text fw={600}>
                Question {i + 1} · {typeNames[q.type]} · {q.points} points
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{q.prompt}</Text>
              {q.options?.map((o, j) => (
                <Text key={j}>○ {o}</Text>
              ))}
              {(q.buggyCode ?? q.starterCode) && (
                <Text component="pre" ff="monospace" size="sm">
                  {q.buggyCode ?? q.starterCode}
                </Text>
              )}
            </Stack>
          ))}
          {!preview.data.questions.length && <Text c="gray.7">No questions yet (save first to preview the latest).</Text>}
        </Stack>
      )}
    </Modal>
  );
}

function Editor({ exam, onSaved }: { exam: ExamView; onSaved: () => void }) {
  const [title, setTitle] = useState(exam.title);
  const [duration, setDuration] = useState<number | string>(exam.duration);
  const [questions, setQuestions] = useState<ExamQuestion[]>(exam.questions);
  const [type, setType] = useState<ExamQuestion['type']>('mcq');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  async function save(confirmStarted = false) {
    setSaving(true);
    setError(null);
    try {
      await api(`exams/${encodeURIComponent(exam.id)}`, { method: 'PUT', body: { title, duration, questions, confirmStarted } });
      notify({ type: 'success', title: 'Exam saved' });
      onSaved();
    } catch (err) {
      const e = toAppError(err);
      if (e.code === 409)
        setConfirm({
          title: 'Students have started this exam',
          message: e.message,
          confirmLabel: 'Save anyway',
          onConfirm: () => void save(true),
        });
      else setError(e.message);
    } finally {
      setSaving(false);
      if (confirmStarted) setConfirm(null);
    }
  }

  async function addQuestion() {
    try {
      const blank = await api<ExamQuestion>(`exams/blank-question?type=${type}`);
      setQuestions((qs) => [...qs, blank]);
    } catch (err) {
      setError(toAppError(err).message);
    }
  }

  const move = (i: number, delta: -1 | 1) =>
    setQuestions((qs) => {
      const next = [...qs];
      [next[i], next[i + delta]] = [next[i + delta]!, next[i]!];
      return next;
    });
  const started = exam.attempts.inProgress + exam.attempts.submitted + exam.attempts.graded;

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
          onMove={(d) => move(i, d)}
          onDelete={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}
        />
      ))}
      {!questions.length && <Text c="gray.7">No questions yet: add the first one below.</Text>}
      <Group align="flex-end">
        <Select
          label="New question type"
          data={EXAM_QUESTION_TYPES.map((t) => ({ value: t, label: typeNames[t] }))}
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
        <Button loading={saving} onClick={() => void save()}>
          Save Exam
        </Button>
      </Group>
      <ConfirmDialog request={confirm} busy={saving} onClose={() => setConfirm(null)} />
      <Preview examId={preview} onClose={() => setPreview(null)} />
    </Stack>
  );
}

/** Manage Exams (guides): one exam per week, created with the spec's defaults and edited question by question. */
export default function ManageExamsPage() {
  const prefix = usePrefix();
  const selection = useSelectedCourse(prefix);
  const courseId = selection.course?.id;
  const queryClient = useQueryClient();
  const key = ['exams', 'manage', courseId ?? ''];
  const exams = useQuery({
    queryKey: key,
    queryFn: () => api<{ exams: ExamView[] }>(`exams/manage?courseId=${encodeURIComponent(courseId!)}`),
    enabled: !!courseId,
  });
  const [selected, setSelected] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });

  async function create(week: number) {
    try {
      const exam = await api<ExamView>('exams', { method: 'POST', body: { courseId, week } });
      await queryClient.invalidateQueries({ queryKey: key });
      setSelected(exam.id);
    } catch (err) {
      notify({ type: 'error', title: 'Could not create the exam', message: toAppError(err).message });
    }
  }

  let body;
  if (selection.error) body = <ErrorState title="Could not load your courses" error={selection.error} />;
  else if (selection.isLoading || (exams.isPending && exams.fetchStatus !== 'idle')) body = <LoadingState label="Loading exams..." />;
  else if (exams.error) body = <ErrorState title="Could not load the exams" error={exams.error} onRetry={() => void exams.refetch()} />;
  else {
    const list = exams.data?.exams ?? [];
    const current = list.find((e) => e.id === selected);
    body = (
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {Array.from({ length: EXAM_WEEKS }, (_, i) => i + 1).map((week) => {
            const exam = list.find((e) => e.week === week);
            return (
              <Card key={week} withBorder padding="sm">
                <Stack gap={6}>
                  <Text fw={600}>Week {week}</Text>
                  {exam ? (
                    <>
                      <Text size="sm" lineClamp={1}>
                        {exam.title}
                      </Text>
                      <Badge variant="light" color="gray.7">
                        {count(exam.questions.length, 'question')}
                      </Badge>
                      <Button
                        size="xs"
                        variant={selected === exam.id ? 'filled' : 'light'}
                        onClick={() => setSelected(exam.id)}
                        aria-label={`Edit week ${week} exam`}
                      >
                        Edit
                      </Button>
                    </>
                  ) : (
                    <Button size="xs" variant="default" onClick={() => void create(week)} aria-label={`Create week ${week} exam`}>
                      Create
                    </Button>
                  )}
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
        {current ? (
          <Editor key={current.id} exam={current} onSaved={refresh} />
        ) : (
          <Text c="gray.7">Choose a week to create or edit its exam.</Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Manage Exams
        </Title>
        {selection.course && (
          <Text c="gray.7" mt={4} data-testid="page-course">
            {selection.course.title}: the weekly exams of this course.
          </Text>
        )}
      </div>
      {body}
    </Stack>
  );
}
