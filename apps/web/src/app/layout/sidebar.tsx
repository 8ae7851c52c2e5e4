import { NavLink as RouterLink } from 'react-router-dom';
import { Box, NavLink, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { prefixLabels, type CoursePrefix } from '@learn/shared';
import { useAuth } from '../auth-provider';
import { pages } from '../routes';

/** The sidebar: the track title and the links of the signed-in role (content-and-features.md section 2). */
export function Sidebar({ prefix, onNavigate }: { prefix: CoursePrefix; onNavigate: () => void }) {
  const { user } = useAuth();
  const links = pages.filter((p) => p.inNav && user && p.roles.includes(user.role));
  return (
    <Stack gap={0} h="100%">
      <Box p="md" pb="xs">
        <Title order={2} size="h4">
          {prefixLabels[prefix].sidebar}
        </Title>
      </Box>
      <ScrollArea style={{ flex: 1 }} px="xs" pb="md">
        <nav aria-label="Main">
          {links.map((p) => (
            <RouterLink key={p.segment} to={`/${prefix}/${p.segment}`} onClick={onNavigate} style={{ textDecoration: 'none', color: 'inherit' }}>
              {({ isActive }) => <NavLink component="span" label={p.navLabel ?? p.label} active={isActive} variant="light" />}
            </RouterLink>
          ))}
        </nav>
        {user?.role === 'student' && (
          <Text size="xs" c="gray.7" px="sm" mt="md">
            Lectures you can open appear here once your mate grants access.
          </Text>
        )}
      </ScrollArea>
    </Stack>
  );
}
