import { useState } from 'react';
import { Button, Card, Checkbox, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import type { SimilarityPairDetail } from '@learn/shared';
import { toAppError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { formatDateTime } from '../../../lib/format-date';
import { ErrorState, LoadingState } from '../../../lib/ui/query-state';
import { useReviewPair, useSimilarityPair } from '../api/similarity';
import { percent } from '../lib/format';
import { SideBySide } from './side-by-side';

function ReviewForm({ pair }: { pair: SimilarityPairDetail }) {
  const [reviewed, setReviewed] = useState(!!pair.reviewed);
  const [note, setNote] = useState(pair.reviewed?.note ?? '');
  const save = useReviewPair();
  return (
    <Stack gap="xs">
      <Checkbox label="Reviewed" checked={reviewed} onChange={(e) => setReviewed(e.currentTarget.checked)} />
      <Textarea
        label="Note"
        description="What you found or decided; kept with this pair of students."
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={2000}
      />
      {pair.reviewed && (
        <Text size="xs" c="gray.7">
          Reviewed by {pair.reviewed.by}, {formatDateTime(pair.reviewed.at)}
        </Text>
      )}
      <Group>
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { id: pair.id, reviewed, note },
              { onSuccess: () => notify({ type: 'success', title: reviewed ? 'Marked reviewed' : 'Review mark removed', message: '' }) },
            )
          }
        >
          Save review
        </Button>
      </Group>
      {save.isError && (
        <Text c="red.8" size="sm" role="alert">
          The review was not saved. {toAppError(save.error).message}
        </Text>
      )}
    </Stack>
  );
}

/** One pair: share, longest fragment, both programs side by side, and the review mark. */
export function PairPanel({ id, onClose }: { id: number; onClose: () => void }) {
  const pair = useSimilarityPair(id);
  let body;
  if (pair.error) body = <ErrorState title="Could not load the pair" error={pair.error} onRetry={() => void pair.refetch()} />;
  else if (!pair.data) body = <LoadingState label="Loading both programs..." />;
  else
    body = (
      <Stack gap="md">
        <Text size="sm">
          {percent(pair.data.similarity)} of the code matches; the longest matching fragment is {pair.data.longest} lines long (
          {percent(pair.data.longestShare)} of the shorter program).
        </Text>
        <SideBySide pair={pair.data} />
        <ReviewForm key={pair.data.id} pair={pair.data} />
      </Stack>
    );
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="pair-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="pair-title">
          {pair.data ? `${pair.data.left.studentName} and ${pair.data.right.studentName}` : 'Pair'}
        </Title>
        <Button variant="default" size="xs" onClick={onClose}>
          Close
        </Button>
      </Group>
      {body}
    </Card>
  );
}
