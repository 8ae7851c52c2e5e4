import { Link } from 'react-router-dom';
import { Badge, Button, Card, Group, RingProgress, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { GREEN_GRADE_ABOVE, type BadgeAward, type GradeItem, type StudentDashboard } from '@learn/shared';
import { BadgeChip } from './badge-icon';
import { formatDate } from '../../../lib/format-date';

export function ProgressCard({ data }: { data: StudentDashboard }) {
  const percent = Math.round(data.percentComplete);
  const value = Math.min(100, Math.max(0, data.percentComplete));
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="progress-title">
      <Title order={2} size="h4" id="progress-title">
        Course Progress
      </Title>
      <Group gap="lg" mt="sm" wrap="nowrap">
        <RingProgress
          size={120}
          thickness={12}
          roundCaps
          // No section at 0 %: a zero-length arc with round caps still draws a green dot.
          sections={value > 0 ? [{ value, color: 'teal.7' }] : []}
          label={
            <Text ta="center" fw={700} size="xl">
              {percent}%
            </Text>
          }
          role="img"
          aria-label={`${percent}% of the course completed`}
        />
        <Stack gap={4}>
          <Text fw={600}>
            {data.completedCount} of {data.lectureCount} lectures
          </Text>
          <Text size="sm" c="gray.7">
            completed in {data.courseTitle}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

export function ContinueCard({ prefix, lecture }: { prefix: string; lecture: NonNullable<StudentDashboard['continueLecture']> }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="continue-title">
      <Title order={2} size="h4" id="continue-title">
        Continue Learning
      </Title>
      <Stack gap="xs" mt="sm" align="flex-start" justify="space-between" h="100%">
        <div>
          <Text size="sm" c="blue.8" fw={600}>
            Day {lecture.day}
          </Text>
          <Text fw={600} size="lg">
            {lecture.title}
          </Text>
        </div>
        <Button
          component={Link}
          to={`/${prefix}/lecture/${lecture.id}`}
          rightSection={<IconArrowRight size={16} />}
          aria-label={`Continue with Day ${lecture.day}: ${lecture.title}`}
        >
          Continue
        </Button>
      </Stack>
    </Card>
  );
}

/** Green above 80 %, otherwise yellow (spec 9). Filled badges keep the text above 4.5:1 contrast. */
export function GradeBadge({ item }: { item: GradeItem }) {
  const good = item.numeric !== null && item.numeric > GREEN_GRADE_ABOVE;
  return good ? (
    <Badge variant="filled" color="green.9" size="lg" data-tone="green">
      {item.grade}
    </Badge>
  ) : (
    <Badge variant="filled" color="yellow.4" c="dark.9" size="lg" data-tone="yellow">
      {item.grade}
    </Badge>
  );
}

export function RecentGrades({ grades }: { grades: GradeItem[] }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="grades-title">
      <Title order={2} size="h4" id="grades-title">
        Recent Grades
      </Title>
      {grades.length === 0 ? (
        <Text c="gray.7" mt="sm">
          No graded items yet.
        </Text>
      ) : (
        <Stack component="ul" gap="sm" mt="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {grades.map((g, i) => (
            <Group component="li" key={`${g.kind}-${g.title}-${i}`} justify="space-between" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {g.title}
                </Text>
                <Text size="xs" c="gray.7">
                  {g.kind === 'exam' ? 'Exam' : 'Homework'} · {formatDate(g.gradedAt)}
                </Text>
              </div>
              <GradeBadge item={g} />
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

export function Achievements({ badges }: { badges: BadgeAward[] }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="achievements-title">
      <Title order={2} size="h4" id="achievements-title">
        Achievements
      </Title>
      {badges.length === 0 ? (
        <Text c="gray.7" mt="sm">
          No badges earned yet...
        </Text>
      ) : (
        <Stack component="ul" gap="sm" mt="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {badges.map((b) => (
            <Group component="li" key={b.id} gap="sm" wrap="nowrap">
              <BadgeChip icon={b.icon} />
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>{b.name}</Text>
                <Text size="xs" c="gray.7">
                  Earned {formatDate(b.awardedAt)}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
