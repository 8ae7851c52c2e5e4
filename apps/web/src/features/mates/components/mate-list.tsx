import { Button, Card, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { GuideListItem } from '@learn/shared';
import { formatLastLogin } from '../../../lib/format-date';

export interface MateActions {
  onEdit: (m: GuideListItem) => void;
  onReset: (m: GuideListItem) => void;
  onRemove: (m: GuideListItem) => void;
}

/** The mates, the signed-in one marked "(you)"; a table, or a card list on phones. */
export function MateList({ mates, selfId, actions }: { mates: GuideListItem[]; selfId: string | undefined; actions: MateActions }) {
  const phone = useMediaQuery('(max-width: 47.99em)');
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="mates-title">
      <Title order={2} size="h4" id="mates-title" mb="md">
        Mates{' '}
        <Text span c="gray.7" fw={400} size="md">
          ({mates.length})
        </Text>
      </Title>
      {mates.length === 0 ? (
        <Text c="gray.7">No mates yet.</Text>
      ) : phone ? (
        <Stack gap="sm">
          {mates.map((m) => (
            <Paper key={m.id} withBorder p="sm" radius="md" data-testid="mate-card">
              <Name mate={m} self={m.id === selfId} />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {m.email}
              </Text>
              <Text size="xs" c="gray.7" mt={4} mb="sm">
                Last login: {formatLastLogin(m.lastLogin)}
              </Text>
              <RowButtons mate={m} actions={actions} />
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table verticalSpacing="sm" highlightOnHover aria-labelledby="mates-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Last login</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mates.map((m) => (
                <Table.Tr key={m.id} data-testid="mate-row">
                  <Table.Td>
                    <Name mate={m} self={m.id === selfId} />
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{m.email}</Table.Td>
                  <Table.Td>{formatLastLogin(m.lastLogin)}</Table.Td>
                  <Table.Td>
                    <RowButtons mate={m} actions={actions} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

function Name({ mate, self }: { mate: GuideListItem; self: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text fw={600}>{mate.name}</Text>
      {self && (
        <Text span c="blue.8" fw={600} size="sm">
          (you)
        </Text>
      )}
    </Group>
  );
}

function RowButtons({ mate, actions }: { mate: GuideListItem; actions: MateActions }) {
  return (
    <Group gap={6} wrap="wrap" justify="flex-end">
      <Button size="compact-sm" variant="outline" color="blue.9" onClick={() => actions.onEdit(mate)} aria-label={`Edit ${mate.name}`}>
        Edit
      </Button>
      <Button
        size="compact-sm"
        variant="outline"
        color="grape.9"
        onClick={() => actions.onReset(mate)}
        aria-label={`Reset password of ${mate.name}`}
      >
        Reset password
      </Button>
      <Button size="compact-sm" variant="outline" color="red.9" onClick={() => actions.onRemove(mate)} aria-label={`Remove ${mate.name}`}>
        Remove
      </Button>
    </Group>
  );
}
