import { Card, Group, Table, Text, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useExplainUsage } from './api';

const SHOWN_DAYS = 7;

/** For guides: AI explanations per day and how many were answered from the cache (no provider call). */
export function ExplainUsagePanel() {
  const usage = useExplainUsage();
  const days = usage.data?.days.slice(0, SHOWN_DAYS);
  let body;
  if (usage.error)
    body = (
      <Text size="sm" c="red.8" role="alert">
        Could not load the AI explanation figures. {usage.error.message}
      </Text>
    );
  else if (!days)
    body = (
      <Text size="sm" c="gray.7" role="status">
        Loading...
      </Text>
    );
  else if (!days.length)
    body = (
      <Text size="sm" c="gray.7">
        No explanations asked for yet.
      </Text>
    );
  else
    body = (
      <Table striped withTableBorder={false} verticalSpacing={4} data-testid="explain-usage">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Day (UTC)</Table.Th>
            <Table.Th scope="col" ta="right">
              Explanations
            </Table.Th>
            <Table.Th scope="col" ta="right">
              From the cache
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {days.map((d) => (
            <Table.Tr key={d.day}>
              <Table.Td>{d.day}</Table.Td>
              <Table.Td ta="right">{d.explanations}</Table.Td>
              <Table.Td ta="right">{d.cacheHits}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="explain-usage-title">
      <Group gap={8} mb="sm">
        <IconSparkles size={20} aria-hidden color="var(--mantine-color-violet-8)" />
        <Title order={2} size="h4" id="explain-usage-title">
          AI explanations
        </Title>
      </Group>
      {body}
    </Card>
  );
}
