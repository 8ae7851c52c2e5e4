import { Stack, Text, Title } from '@mantine/core';

/** A page whose work has not landed yet: its title and a plain note. */
export default function PlaceholderPage({ label }: { label: string }) {
  return (
    <Stack gap="xs">
      <Title order={1} size="h2">
        {label}
      </Title>
      <Text c="dimmed">This page is coming soon.</Text>
    </Stack>
  );
}
