import { Button, Group, Text } from '@mantine/core';
import { SIMILARITY_MIN_THRESHOLD, type SimilarityReport } from '@learn/shared';
import { toAppError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useSaveThreshold } from '../api/similarity';

/**
 * Dolos' own advice for this task (a cut-off guessed from the spread of its pairs' similarities), and a
 * button that makes it the course's threshold. Whole percents, rounded down, so a pair Dolos would flag
 * stays flagged; never below the lowest threshold a course may set.
 */
export function SuggestedThreshold({ courseId, report }: { courseId: string; report: SimilarityReport }) {
  const save = useSaveThreshold();
  if (report.suggested === null) return null;
  const suggested = Math.floor(report.suggested * 100 + 1e-9);
  const applied = Math.max(suggested, SIMILARITY_MIN_THRESHOLD * 100);
  const current = Math.round(report.threshold * 100);
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" c="gray.7">
        Dolos suggests {suggested}% for this task, from how its similarities are spread
        {applied !== suggested ? `; the lowest threshold a course can set is ${applied}%.` : '.'}
        {applied === current ? ' This is the course\u2019s threshold.' : ''}
      </Text>
      {applied !== current && (
        <Button
          variant="default"
          size="xs"
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { courseId, threshold: applied / 100 },
              {
                onSuccess: () =>
                  notify({ type: 'success', title: 'Threshold saved', message: `Pairs from ${applied}% similar are flagged.` }),
                onError: (err) => notify({ type: 'error', title: 'Threshold not saved', message: toAppError(err).message }),
              },
            )
          }
        >
          Use {applied}% for this course
        </Button>
      )}
    </Group>
  );
}
