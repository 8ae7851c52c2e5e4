import { Alert, Button, Group, List, Progress, Stack, Table, Text, Title } from '@mantine/core';
import type { SimilarityReport } from '@learn/shared';
import { formatDateTime } from '../../../lib/format-date';
import { names, percent } from '../lib/format';
import { SuggestedThreshold } from './suggested-threshold';

function Status({
  report,
  courseId,
  onRefresh,
  refreshing,
}: {
  report: SimilarityReport;
  courseId: string | undefined;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const running = report.status === 'queued' || report.status === 'running';
  const share = report.progress.total > 0 ? Math.round((report.progress.done / report.progress.total) * 100) : 0;
  return (
    <Stack gap={6}>
      {running ? (
        <>
          <Text size="sm" role="status">
            {report.status === 'queued' ? 'Waiting to compare...' : `Comparing ${report.submissions} submissions: ${share}%`}
            {report.computedAt ? ' The results below are from the previous comparison.' : ''}
          </Text>
          <Progress value={report.status === 'queued' ? 0 : share} aria-label="Comparison progress" animated />
        </>
      ) : (
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="gray.7">
            {report.computedAt
              ? `${report.submissions} submissions compared, ${formatDateTime(report.computedAt)}. Flagged from ${percent(report.threshold)} similar.`
              : 'Not compared yet.'}
          </Text>
          <Button variant="default" size="xs" onClick={onRefresh} loading={refreshing}>
            Compare again
          </Button>
        </Group>
      )}
      {courseId && report.computedAt && <SuggestedThreshold courseId={courseId} report={report} />}
      {report.error && (
        <Alert color="red" title="The comparison failed" role="alert">
          {report.error}
        </Alert>
      )}
    </Stack>
  );
}

/** The ranked pairs of a task or question, the groups of three or more, and the comparison's progress. */
export function ReportView({
  report,
  courseId,
  onOpen,
  openId,
  onRefresh,
  refreshing,
}: {
  report: SimilarityReport;
  /** The course whose threshold Dolos' suggestion may become. */
  courseId: string | undefined;
  onOpen: (id: number) => void;
  openId: number | null;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const done = report.computedAt !== null;
  return (
    <Stack gap="md">
      <Status report={report} courseId={courseId} onRefresh={onRefresh} refreshing={refreshing} />
      {report.clusters.length > 0 && (
        <Stack gap={4}>
          <Title order={2} size="h4">
            Groups
          </Title>
          <List size="sm">
            {report.clusters.map((c, i) => (
              <List.Item key={i}>
                {names(c.students.map((s) => s.studentName))} share one program (up to {percent(c.maxSimilarity)} similar)
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      {done && report.pairs.length === 0 && (
        <Text c="gray.7">No pair of submissions is {percent(report.threshold)} similar or more. Nothing to review here.</Text>
      )}
      {report.pairs.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover aria-label="Similar pairs, most similar first">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Students</Table.Th>
                <Table.Th>Similarity</Table.Th>
                <Table.Th>Longest fragment</Table.Th>
                <Table.Th>Review</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">Open</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.pairs.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    {p.left.studentName} and {p.right.studentName}
                  </Table.Td>
                  <Table.Td>{percent(p.similarity)}</Table.Td>
                  <Table.Td>
                    {p.longest} {p.longest === 1 ? 'line' : 'lines'} ({percent(p.longestShare)} of the shorter program)
                  </Table.Td>
                  <Table.Td>
                    <Text
                      size="sm"
                      fw={p.reviewed ? 600 : undefined}
                      c={p.reviewed ? 'teal.9' : 'gray.7'}
                      title={p.reviewed?.note || undefined}
                    >
                      {p.reviewed ? 'Reviewed' : 'Not reviewed'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant={openId === p.id ? 'filled' : 'light'}
                      onClick={() => onOpen(p.id)}
                      aria-label={`Compare ${p.left.studentName} and ${p.right.studentName}`}
                    >
                      Compare
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
