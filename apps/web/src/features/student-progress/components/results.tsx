import type { ReactNode } from 'react';
import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
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
        <Table.ScrollContainer minWidth={360}>
          <Table aria-labelledby="progress-homework" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Lecture</Table.Th>
                <Table.Th scope="col">Grade</Table.Th>
                <Table.Th scope="col">Submitted</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {homework.map((h) => (
                <Table.Tr key={`${h.lectureId}-${h.submittedAt}`}>
                  <Table.Td>{h.lectureTitle}</Table.Td>
                  <Table.Td>
                    {h.grade ? (
                      <Text fw={600}>{h.grade}</Text>
                    ) : (
                      <Badge
                        color="yellow"
                        variant="light"
                        styles={{ label: { color: 'var(--mantine-color-yellow-9)', textTransform: 'none' } }}
                      >
                        Pending
                      </Badge>
                    )}
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

export function ExamsSection({ exams }: { exams: StudentProgress['exams'] }) {
  return (
    <Section id="progress-exams" title="Exams">
      {exams.length === 0 ? (
        <Text c="gray.7">No exams taken yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table aria-labelledby="progress-exams" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Exam</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Score</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {exams.map((e) => (
                <Table.Tr key={e.examId}>
                  <Table.Td>{e.title}</Table.Td>
                  <Table.Td>{e.status}</Table.Td>
                  <Table.Td>{e.grade !== null && e.maxGrade !== null ? `${e.grade}/${e.maxGrade}` : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
