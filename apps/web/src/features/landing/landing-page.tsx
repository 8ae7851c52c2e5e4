import { Link } from 'react-router-dom';
import { Badge, Box, Button, Card, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { prefixLabels, type CoursePrefix } from '@learn/shared';
import { ParticleBackground } from './particle-background';

const tracks: { prefix: CoursePrefix; blurb: string; points: string[]; days: string }[] = [
  {
    prefix: 'c-cpp',
    blurb: 'Start from your first printf and grow into modern C++: pointers, memory, classes, templates and the STL.',
    points: ['25 days of C, then 25 days of C++', 'Worked examples you can run and change', 'A quick quiz and practice problems each day'],
    days: '50 days',
  },
  {
    prefix: 'python',
    blurb: 'From your first print() to files, objects, testing and small desktop apps, one day at a time.',
    points: ['50 day-by-day lessons', 'Examples you run in the browser', 'Your mate opens each day and follows your progress'],
    days: '50 days',
  },
];

/**
 * The landing page: the two course tracks over an animated particle network. The copy says what the platform
 * does today; features still being built (running code, homework review, exams) are not promised here.
 */
export default function LandingPage() {
  return (
    <Box mih="100vh" pos="relative" style={{ background: 'linear-gradient(180deg, #f4f8ff 0%, #ffffff 100%)' }}>
      <ParticleBackground />
      <Container size="md" py={{ base: 40, sm: 80 }} pos="relative" style={{ zIndex: 1 }}>
        <Stack align="center" gap="xs" mb={40}>
          <Title order={1} ta="center" fz={{ base: 34, sm: 48 }} style={{ textWrap: 'balance' }}>
            Learn to program, one day at a time
          </Title>
          <Text size="lg" c="gray.7" ta="center" maw={560} style={{ textWrap: 'balance' }}>
            Short daily lessons with worked examples you can run, a quick quiz and practice problems, a mate who guides you, and badges
            along the way.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" component="main">
          {tracks.map((t) => (
            <Card key={t.prefix} shadow="md" padding="xl" radius="lg" withBorder component="section" aria-labelledby={`track-${t.prefix}`}>
              <Group justify="space-between" mb="sm">
                <Title order={2} size="h3" id={`track-${t.prefix}`}>
                  {prefixLabels[t.prefix].track}
                </Title>
                <Badge variant="light" color="blue">
                  {t.days}
                </Badge>
              </Group>
              <Text c="gray.7" mb="md">
                {t.blurb}
              </Text>
              <List size="sm" c="gray.8" spacing={4} mb="lg">
                {t.points.map((p) => (
                  <List.Item key={p}>{p}</List.Item>
                ))}
              </List>
              <Button
                component={Link}
                to={`/${t.prefix}/login`}
                size="md"
                fullWidth
                mt="auto"
                aria-label={`Start Learning ${prefixLabels[t.prefix].track}`}
              >
                Start Learning
              </Button>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
