import { useState } from 'react';
import { Accordion, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { usePrefix } from '../../../lib/course-prefix';
import { similarPagePath } from '../../../lib/similarity-marker';
import { ErrorState, LoadingState } from '../../../lib/ui/query-state';
import { gradebookUrl, useCourseSubmissions, type ReviewFilter } from '../api/submissions';
import { SubmissionCard } from './submission-card';

/** Submissions review (platform-core.md section 2): All / Pending, one expandable card per submission. */
export function SubmissionsReview({ courseId }: { courseId: string | undefined }) {
  const [filter, setFilter] = useState<ReviewFilter>('all');
  const list = useCourseSubmissions(courseId, filter);
  const prefix = usePrefix();
  let body;
  if (!courseId) body = null;
  else if (list.error) body = <ErrorState title="Could not load the submissions" error={list.error} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <LoadingState label="Loading submissions..." />;
  else if (list.data.submissions.length === 0)
    body = <Text c="gray.7">{filter === 'all' ? 'No submissions for this course yet.' : 'No pending submissions for this course.'}</Text>;
  else
    body = (
      <Accordion variant="separated" multiple>
        {list.data.submissions.map((s) => (
          <SubmissionCard key={s.id} submission={s} />
        ))}
      </Accordion>
    );
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h3">
          Submissions
        </Title>
        {courseId && (
          <Group gap="xs">
            <Button component={Link} to={similarPagePath(prefix)} variant="default" size="sm">
              Similar submissions
            </Button>
            <Button
              component="a"
              href={gradebookUrl(courseId)}
              download
              variant="default"
              size="sm"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Export Gradebook (CSV)
            </Button>
          </Group>
        )}
      </Group>
      <SegmentedControl
        aria-label="Which submissions"
        value={filter}
        onChange={(v) => setFilter(v as ReviewFilter)}
        data={[
          { value: 'all', label: 'All' },
          { value: 'pending', label: 'Pending' },
        ]}
        w="fit-content"
      />
      {body}
    </Stack>
  );
}
