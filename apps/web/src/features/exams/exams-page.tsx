import { useState } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { unlockMessage, type ExamCard } from '@learn/shared';
import { usePrefix } from '../../lib/course-prefix';
import { count } from '../../lib/format-count';
import { useSelectedCourse } from '../../lib/course-selection';
import { ErrorState, LoadingState } from '../../lib/ui/query-state';
import { ConfirmDialog, type ConfirmRequest } from '../../lib/ui/confirm-dialog';
import { useExamList } from './api/exams';

const action = (card: ExamCard) =>
  card.status === 'graded' || card.status === 'submitted' ? 'Review' : card.status === 'in-progress' ? 'Continue' : 'Start Exam';

/** "25 minutes left" from the seconds the server counted when it made the list. */
function timeLeft(seconds: number): string {
  if (seconds <= 0) return 'Time is up: the exam is being submitted.';
  const minutes = Math.ceil(seconds / 60);
  return `${count(minutes, 'minute')} left. The clock keeps running until you submit.`;
}

function ExamCardView({ card, onStart }: { card: ExamCard; onStart: (card: ExamCard) => void }) {
  const prefix = usePrefix();
  const navigate = useNavigate();
  const percent = card.grade !== null && card.maxGrade ? Math.round((card.grade / card.maxGrade) * 1000) / 10 : null;
  const open = () => navigate(`/${prefix}/exam/${encodeURIComponent(card.id)}`);
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>Week {card.week}</Text>
          {card.locked ? (
            <Badge color="gray.7">Locked</Badge>
          ) : card.status === 'graded' ? (
            <Badge color={percent !== null && percent > 80 ? 'teal.8' : 'yellow.8'}>
              {card.grade}/{card.maxGrade}
            </Badge>
          ) : card.status === 'submitted' ? (
            <Badge color="blue.8">Submitted</Badge>
          ) : card.status === 'in-progress' ? (
            <Badge color="orange.8">In progress</Badge>
          ) : null}
        </Group>
        <Title order={2} size="h4">
          {card.title}
        </Title>
        <Text size="sm" c="gray.7">
          {count(card.duration, 'minute')} · {count(card.questionCount, 'question')} · {count(card.maxGrade, 'point')}
        </Text>
        {card.status === 'in-progress' && card.secondsLeft !== null && (
          <Text size="sm" c="orange.9" fw={500} data-testid="exam-time-left">
            {timeLeft(card.secondsLeft)}
          </Text>
        )}
        {card.locked ? (
          <Text size="sm" c="gray.7">
            {unlockMessage(card.remainingLectures)}
          </Text>
        ) : (
          <Button onClick={() => (card.status === 'not-started' ? onStart(card) : open())} w="fit-content">
            {action(card)}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** Student exam list (platform-core.md section 2): one card per exam by week, locked until enough lectures are done. */
export default function ExamsPage() {
  const prefix = usePrefix();
  const navigate = useNavigate();
  const selection = useSelectedCourse(prefix);
  const exams = useExamList(selection.course?.id);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  // Starting starts the server's clock: say so, with the duration, before it happens.
  const askToStart = (card: ExamCard) =>
    setConfirm({
      title: `Start ${card.title}?`,
      message: `You have ${count(card.duration, 'minute')}. The clock starts now and keeps running until you submit, even if you leave the page; at the end your answers are submitted automatically.`,
      confirmLabel: 'Start Exam',
      confirmColor: 'blue.8',
      onConfirm: () => {
        setConfirm(null);
        void navigate(`/${prefix}/exam/${encodeURIComponent(card.id)}`);
      },
    });
  let body;
  if (selection.error) body = <ErrorState title="Could not load your courses" error={selection.error} />;
  else if (selection.isLoading || (exams.isPending && exams.fetchStatus !== 'idle')) body = <LoadingState label="Loading exams..." />;
  else if (exams.error) body = <ErrorState title="Could not load the exams" error={exams.error} onRetry={() => void exams.refetch()} />;
  else if (!exams.data?.exams.length) body = <Text c="gray.7">No exams have been created for this course yet.</Text>;
  else
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {exams.data.exams.map((c) => (
          <ExamCardView key={c.id} card={c} onStart={askToStart} />
        ))}
      </SimpleGrid>
    );
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Exams
      </Title>
      {body}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Stack>
  );
}
