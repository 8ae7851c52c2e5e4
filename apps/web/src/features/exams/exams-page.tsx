import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { unlockMessage, type ExamCard } from '@learn/shared';
import { usePrefix } from '../../lib/course-prefix';
import { count } from '../../lib/format-count';
import { useSelectedCourse } from '../../lib/course-selection';
import { ErrorState, LoadingState } from '../../lib/ui/query-state';
import { useExamList } from './api/exams';

const action = (card: ExamCard) =>
  card.status === 'graded' || card.status === 'submitted' ? 'Review' : card.status === 'in-progress' ? 'Continue' : 'Start Exam';

function ExamCardView({ card }: { card: ExamCard }) {
  const prefix = usePrefix();
  const navigate = useNavigate();
  const percent = card.grade !== null && card.maxGrade ? Math.round((card.grade / card.maxGrade) * 1000) / 10 : null;
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
        {card.locked ? (
          <Text size="sm" c="gray.7">
            {unlockMessage(card.remainingLectures)}
          </Text>
        ) : (
          <Button onClick={() => navigate(`/${prefix}/exam/${encodeURIComponent(card.id)}`)} w="fit-content">
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
  const selection = useSelectedCourse(prefix);
  const exams = useExamList(selection.course?.id);
  let body;
  if (selection.error) body = <ErrorState title="Could not load your courses" error={selection.error} />;
  else if (selection.isLoading || (exams.isPending && exams.fetchStatus !== 'idle')) body = <LoadingState label="Loading exams..." />;
  else if (exams.error) body = <ErrorState title="Could not load the exams" error={exams.error} onRetry={() => void exams.refetch()} />;
  else if (!exams.data?.exams.length) body = <Text c="gray.7">No exams have been created for this course yet.</Text>;
  else
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {exams.data.exams.map((c) => (
          <ExamCardView key={c.id} card={c} />
        ))}
      </SimpleGrid>
    );
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Exams
      </Title>
      {body}
    </Stack>
  );
}
