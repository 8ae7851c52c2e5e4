import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import type { StudentProgress } from '@learn/shared';
import { BadgeIcon } from '../../../lib/badges/badge-icon';
import { formatDate } from '../../../lib/format-date';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export function BadgesSection({ badges }: { badges: StudentProgress['badges'] }) {
  return (
    <Section id="progress-badges" title="Badges">
      {badges.length === 0 ? (
        <Text c="gray.7">No badges earned yet...</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {badges.map((b) => (
            <Group key={b.id} component="li" gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon size={44} radius="xl" color="yellow.1" c="yellow.9" style={{ border: '1px solid var(--mantine-color-yellow-5)' }}>
                <BadgeIcon icon={b.icon} size={24} />
              </ThemeIcon>
              <div>
                <Text fw={600} size="sm">
                  {b.name}
                </Text>
                <Text size="xs" c="gray.7">
                  {b.description}
                </Text>
                <Text size="xs" c="gray.7">
                  Earned {formatDate(b.awardedAt)}
                </Text>
              </div>
            </Group>
          ))}
        </SimpleGrid>
      )}
    </Section>
  );
}

export function HomeworkSection({ homework }: { homework: StudentProgress['homework'] }) {
  return (
    <Section id="progress-homework" title="Homework">
      {homework.length === 0 ? (
        <Text c="gray.7">No homework submitted yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640} type="native" tabIndex={0} role="region" aria-label="Homework table (scrolls sideways)">
          <Table aria-labelledby="progress-homework" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Task</Table.Th>
                <Table.Th scope="col">State</Table.Th>
                <Table.Th scope="col">Grade</Table.Th>
                <Table.Th scope="col">Feedback</Table.Th>
                <Table.Th scope="col">Submitted</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {homework.map((h) => (
                <Table.Tr key={`${h.lectureId}-${h.taskIndex}`}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      Day {h.day}: {h.lectureTitle}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {h.courseTitle} · Task {h.taskIndex + 1}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600} c={h.state === 'graded' ? 'teal.9' : 'blue.8'} style={{ whiteSpace: 'nowrap' }}>
                      {h.state === 'graded' ? 'Graded' : 'Waiting for a grade'}
                    </Text>
                  </Table.Td>
                  <Table.Td>{h.grade ? <Text fw={600}>{h.grade}</Text> : '—'}</Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {h.feedback || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatDate(h.submittedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

const examStatus: Record<StudentProgress['exams'][number]['status'], string> = {
  'in-progress': 'In progress',
  submitted: 'Waiting for a grade',
  graded: 'Graded',
};

export function ExamsSection({ exams }: { exams: StudentProgress['exams'] }) {
  return (
    <Section id="progress-exams" title="Exams">
      {exams.length === 0 ? (
        <Text c="gray.7">No exams taken yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label="Exams table (scrolls sideways)">
          <Table aria-labelledby="progress-exams" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Exam</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Score</Table.Th>
                <Table.Th scope="col">Submitted</Table.Th>
                <Table.Th scope="col">Review</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {exams.map((e) => (
                <Table.Tr key={e.examId}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {e.title}
                    </Text>
                    <Text size="xs" c="gray.7">
                      Week {e.week}
                    </Text>
                  </Table.Td>
                  <Table.Td>{examStatus[e.status]}</Table.Td>
                  <Table.Td>
                    {e.grade !== null ? (
                      <Text size="sm" fw={600}>
                        {e.grade}/{e.maxGrade} ({e.percentage ?? 0}%)
                      </Text>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>{e.submittedAt ? formatDate(e.submittedAt) : '—'}</Table.Td>
                  <Table.Td>
                    {e.status === 'in-progress' ? (
                      '—'
                    ) : (
                      <Anchor
                        component={Link}
                        to={`/${e.coursePrefix}/grade-exams`}
                        state={{ status: e.status === 'graded' ? 'graded' : 'pending', courseId: e.courseId }}
                        size="sm"
                        aria-label={`Review ${e.title}`}
                      >
                        {e.status === 'graded' ? 'Review' : 'Grade'}
                      </Anchor>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
