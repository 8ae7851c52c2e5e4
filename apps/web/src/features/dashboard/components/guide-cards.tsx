import { Link } from 'react-router-dom';
import { Anchor, Button, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { IconBook2, IconChartBar, IconChecklist, IconKey, IconUsers, IconUsersGroup, type Icon } from '@tabler/icons-react';
import type { GuideDashboard } from '@learn/shared';

/** Mean completion of the course's students, one decimal (as on the analytics page); null with no students. */
export function averageCompletion(students: GuideDashboard['students']): number | null {
  if (students.length === 0) return null;
  return Math.round((students.reduce((sum, s) => sum + s.percentComplete, 0) / students.length) * 10) / 10;
}

function StatCard({ label, value, link }: { label: string; value: string; link?: { to: string; text: string } }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="gray.7" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.3}>
        {value}
      </Text>
      {link && (
        <Anchor component={Link} to={link.to} size="sm" c="blue.8" fw={600}>
          {link.text}
        </Anchor>
      )}
    </Card>
  );
}

export function SummaryCards({ prefix, data }: { prefix: string; data: GuideDashboard }) {
  const avg = averageCompletion(data.students);
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" component="section" aria-label="Summary">
      <StatCard label="Students" value={String(data.students.length)} />
      <StatCard label="Average completion" value={avg === null ? '—' : `${avg.toFixed(1)}%`} />
      <StatCard
        label="Homework to grade"
        value={String(data.pendingHomework)}
        link={{ to: `/${prefix}/manage-homework`, text: 'Review homework' }}
      />
      <StatCard label="Exams to grade" value={String(data.pendingExams)} link={{ to: `/${prefix}/grade-exams`, text: 'Grade exams' }} />
    </SimpleGrid>
  );
}

const quickLinks: { segment: string; label: string; icon: Icon }[] = [
  { segment: 'manage-course', label: 'Course Access', icon: IconKey },
  { segment: 'manage-lectures', label: 'Manage Lectures', icon: IconBook2 },
  { segment: 'manage-homework', label: 'Manage Assignments', icon: IconChecklist },
  { segment: 'manage-students', label: 'Students', icon: IconUsers },
  { segment: 'manage-batches', label: 'Batches', icon: IconUsersGroup },
  { segment: 'analytics', label: 'Analytics', icon: IconChartBar },
];

export function QuickLinks({ prefix }: { prefix: string }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="quick-links-title">
      <Title order={2} size="h4" id="quick-links-title" mb="sm">
        Quick links
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" component="nav" aria-label="Guide pages">
        {quickLinks.map(({ segment, label, icon: Glyph }) => (
          <Button
            key={segment}
            component={Link}
            to={`/${prefix}/${segment}`}
            variant="light"
            justify="flex-start"
            leftSection={<Glyph size={18} aria-hidden />}
          >
            {label}
          </Button>
        ))}
      </SimpleGrid>
    </Card>
  );
}
