import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { TIME_UP_ALERT, type ExamAnswers, type ExamAttemptView, type ExamSaveResult } from '@learn/shared';
import { api } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { usePrefix } from '../../lib/course-prefix';
import { count } from '../../lib/format-count';
import { ConfirmDialog, type ConfirmRequest } from '../../lib/ui/confirm-dialog';
import { ErrorState, LoadingState } from '../../lib/ui/query-state';
import { notify } from '../../lib/notify';
import { toAppError } from '../../lib/errors';
import { resetExamLists, useAttempt } from './api/exams';
import { clockOffset, formatRemaining, isUrgent, remainingMs } from './lib/clock';
import { answerStore } from './lib/offline-store';
import { SaveQueue, type SaveState } from './lib/save-queue';
import { QuestionInput } from './components/question-input';

function SaveStatus({ state }: { state: SaveState }) {
  const text =
    state.kind === 'saved'
      ? state.at
        ? 'All answers saved'
        : 'Answers are saved as you type'
      : state.kind === 'saving'
        ? 'Saving...'
        : state.kind === 'offline'
          ? `Offline, ${state.waiting} answer${state.waiting === 1 ? '' : 's'} waiting: they are kept in this browser and sent when the connection returns`
          : state.message;
  const color = state.kind === 'offline' ? 'orange.9' : state.kind === 'closed' ? 'gray.7' : 'teal.9';
  return (
    <Text size="sm" c={color} role="status" aria-live="polite" data-testid="save-status">
      {text}
    </Text>
  );
}

function Countdown({ deadline, offset, onZero }: { deadline: string; offset: number; onZero: () => void }) {
  const [left, setLeft] = useState(() => remainingMs(deadline, offset));
  const fired = useRef(false);
  useEffect(() => {
    const tick = () => {
      const ms = remainingMs(deadline, offset);
      setLeft(ms);
      if (ms === 0 && !fired.current) {
        fired.current = true;
        onZero();
      }
    };
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [deadline, offset, onZero]);
  return (
    <Badge
      size="xl"
      color={isUrgent(left) ? 'red.8' : 'blue.8'}
      variant="filled"
      aria-label={`Time left ${formatRemaining(left)}`}
      role="timer"
    >
      {formatRemaining(left)}
    </Badge>
  );
}

/** Taking an exam (platform-core.md section 2): the server's clock, autosave, Save & Exit, Submit Final Answers. */
export default function ExamPage() {
  const prefix = usePrefix();
  const { examId } = useParams();
  const navigate = useNavigate();
  const attempt = useAttempt(examId);
  if (attempt.error) {
    const e = toAppError(attempt.error);
    return (
      <Stack gap="md">
        <ErrorState
          title="Could not open this exam"
          error={attempt.error}
          onRetry={e.code === 403 ? undefined : () => void attempt.refetch()}
        />
        <Button variant="default" onClick={() => navigate(`/${prefix}/exams`)} w="fit-content">
          Back to exams
        </Button>
      </Stack>
    );
  }
  if (!attempt.data || !examId) return <LoadingState label="Opening the exam..." />;
  return <ExamTaking key={examId} examId={examId} initial={attempt.data} receivedAt={attempt.dataUpdatedAt} />;
}

function ExamTaking({ examId, initial, receivedAt }: { examId: string; initial: ExamAttemptView; receivedAt: number }) {
  const prefix = usePrefix();
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [view, setView] = useState<ExamAttemptView>(initial);
  const [answers, setAnswers] = useState<ExamAnswers>(initial.answers);
  const [state, setState] = useState<SaveState>({ kind: 'saved', at: null });
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const queue = useRef<SaveQueue | null>(null);
  const offset = useMemo(() => clockOffset(initial.serverNow, receivedAt), [initial.serverNow, receivedAt]);

  useEffect(() => {
    const data = initial;
    if (!user || data.status !== 'in-progress') return;
    const q = new SaveQueue({
      key: `${user.id}:${examId}`,
      store: answerStore(),
      send: (seq, a) =>
        api<ExamSaveResult>(`exams/${encodeURIComponent(examId)}/attempt/answers`, {
          method: 'PUT',
          body: { seq, answers: a },
          timeoutMs: 15_000,
        }),
      onState: setState,
    });
    queue.current = q;
    void q.start(data.answers, data.seq).then(setAnswers);
    return () => q.dispose();
  }, [initial, examId, user]);

  const readOnly = view.status !== 'in-progress' || state.kind === 'closed';

  const submit = useCallback(
    async (timeUp: boolean) => {
      if (!queue.current) return;
      setBusy(true);
      const { seq, answers: final } = queue.current.current();
      // Sent once: a repeated submit is not a read. A failure keeps the answers and the student tries again
      // (the save queue's own resend, by sequence number, keeps autosaves in order).
      try {
        const done = await api<ExamAttemptView>(`exams/${encodeURIComponent(examId)}/attempt/submit`, {
          method: 'POST',
          body: { seq: seq + 1, answers: final, timeUp },
        });
        queue.current.close(timeUp ? TIME_UP_ALERT : 'Your answers have been submitted.');
        setView(done);
        setAnswers(done.answers);
        resetExamLists(queryClient);
        if (timeUp) window.alert(TIME_UP_ALERT);
        else notify({ type: 'success', title: 'Exam submitted', message: 'Your answers have been submitted.' });
      } catch (err) {
        notify({ type: 'error', title: 'Could not submit', message: `${toAppError(err).message} Your answers are kept; try again.` });
      } finally {
        setBusy(false);
        setConfirm(null);
      }
    },
    [examId, queryClient],
  );
  const onZero = useCallback(() => void submit(true), [submit]);

  const results = view.results;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {view.title}
          </Title>
          <Text c="gray.7">
            Week {view.week} · {count(view.questions.length, 'question')} · {count(view.maxGrade, 'point')}
          </Text>
        </Stack>
        {!(view.status === 'in-progress' && state.kind !== 'closed') && (
          <Badge size="lg" color={view.status === 'graded' ? 'teal.8' : 'gray.7'}>
            {view.status === 'graded' ? `Graded: ${view.grade}/${view.maxGrade}` : 'Submitted'}
          </Badge>
        )}
      </Group>
      {view.status === 'in-progress' && (
        // Below the fixed header (60 px) the clock and the save state stay in view while the student scrolls.
        <Paper withBorder shadow="xs" p="xs" pos="sticky" top={64} style={{ zIndex: 150 }} data-testid="exam-status-bar">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <SaveStatus state={state} />
            {state.kind !== 'closed' && <Countdown deadline={view.deadline} offset={offset} onZero={onZero} />}
          </Group>
        </Paper>
      )}
      {view.status === 'submitted' && (
        <Alert color="blue" title="Submitted">
          Your answers are read-only now. A mate grades the exam; the points and feedback appear here.
        </Alert>
      )}
      {view.status === 'graded' && view.feedback && (
        <Alert color="teal" title="Feedback">
          {view.feedback}
        </Alert>
      )}
      {view.questions.map((q, i) => (
        <Card key={q.id} withBorder padding="md">
          <QuestionInput
            examId={examId}
            language={view.language}
            question={q}
            index={i}
            value={answers[q.id]}
            readOnly={readOnly}
            result={results?.[q.id]}
            onChange={(v) => {
              setAnswers((a) => ({ ...a, [q.id]: v }));
              queue.current?.change(q.id, v);
            }}
          />
        </Card>
      ))}
      <Group justify="space-between">
        <Button
          variant="default"
          onClick={() => {
            void (queue.current?.flush() ?? Promise.resolve()).then(() => {
              resetExamLists(queryClient);
              void navigate(`/${prefix}/exams`);
            });
          }}
        >
          {view.status === 'in-progress' ? 'Save & Exit' : 'Back to exams'}
        </Button>
        {view.status === 'in-progress' && (
          <Button
            loading={busy}
            disabled={readOnly}
            onClick={() =>
              setConfirm({
                title: 'Submit Final Answers',
                message: 'Submit your answers now? You cannot change them afterwards.',
                confirmLabel: 'Submit',
                onConfirm: () => void submit(false),
              })
            }
          >
            Submit Final Answers
          </Button>
        )}
      </Group>
      <ConfirmDialog request={confirm} busy={busy} onClose={() => setConfirm(null)} />
    </Stack>
  );
}
