import { NavLink as RouterLink } from 'react-router-dom';
import { Box, Divider, NavLink, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { prefixLabels, type CoursePrefix } from '@learn/shared';
import { useAuth } from '../../lib/auth';
import { pages, roleLabel } from '../routes';
import { CourseSection } from '../../features/lectures/components/course-section';

/**
 * The sidebar: the track title, the links of the signed-in role and the course section with its lectures
 * (content-and-features.md section 2). On phones it also names the signed-in user, which the header hides
 * below 576 px.
 */
export function Sidebar({ prefix, onNavigate }: { prefix: CoursePrefix; onNavigate: () => void }) {
  const { user } = useAuth();
  const links = pages.filter((p) => p.inNav && user && p.roles.includes(user.role));
  return (
    <Stack gap={0} h="100%">
      <Box p="md" pb="xs">
        <Title order={2} size="h4">
          {prefixLabels[prefix].sidebar}
        </Title>
        {user && (
          <Box hiddenFrom="xs" mt={6} data-testid="sidebar-user">
            <Text size="sm" fw={600} lh={1.3}>
              {user.name}
            </Text>
            <Text size="xs" c="gray.7" lh={1.3}>
              {roleLabel(user.role)}
            </Text>
          </Box>
        )}
      </Box>
      <ScrollArea style={{ flex: 1 }} px="xs" pb="md">
        <nav aria-label="Main">
          {links.map((p) => (
            <RouterLink
              key={p.segment}
              to={`/${prefix}/${p.segment}`}
              onClick={onNavigate}
              style={{ textDecoration: 'none', color: 'inherit' }}
            >
              {({ isActive }) => <NavLink component="span" label={p.navLabel ?? p.label} active={isActive} variant="light" />}
            </RouterLink>
          ))}
        </nav>
        <Divider my="sm" />
        <CourseSection prefix={prefix} onNavigate={onNavigate} />
      </ScrollArea>
    </Stack>
  );
}
