import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ActionIcon, Anchor, Box, Breadcrumbs, Burger, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconLayoutDashboard, IconLogout } from '@tabler/icons-react';
import { prefixLabels, type CoursePrefix } from '@learn/shared';
import { useAuth } from '../../lib/auth';
import { homePath, pageFor, roleLabel } from '../routes';
import { ConnectionBadge } from './connection-badge';

/** Breadcrumb labels for a path inside the course area: Home / course / page (/ detail). */
export function crumbsFor(pathname: string, prefix: CoursePrefix): { label: string; to?: string }[] {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length <= 1) return [];
  const crumbs: { label: string; to?: string }[] = [
    { label: 'Home', to: '/' },
    { label: prefixLabels[prefix].breadcrumb, to: `/${prefix}/` },
  ];
  const page = pageFor(segments[1]);
  if (page) crumbs.push({ label: page.label });
  if (segments[1] === 'lecture' && segments[2]) {
    const day = /day-(\d+)$/.exec(segments[2])?.[1];
    crumbs[crumbs.length - 1] = { label: day ? `Day ${day}` : 'Lecture' };
  }
  return crumbs;
}

export function Header({ prefix, navOpened, onToggleNav }: { prefix: CoursePrefix; navOpened: boolean; onToggleNav: () => void }) {
  const { user, logout } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const onDashboard = /^\/[^/]+\/(student|guide)\/?$/.test(location.pathname);
  const crumbs = crumbsFor(location.pathname, prefix);
  const home = homePath(prefix, user?.role ?? 'student');

  async function signOut() {
    await logout();
    void navigate(`/${prefix}/login`, { replace: true });
  }

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" component="header">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? 'Close menu' : 'Open menu'}
          aria-controls="app-sidebar"
          aria-expanded={navOpened}
        />
        {!onDashboard && (
          <Tooltip label="Back">
            <ActionIcon variant="subtle" color="gray" onClick={() => navigate(-1)} aria-label="Back">
              <IconArrowLeft size={20} />
            </ActionIcon>
          </Tooltip>
        )}
        {crumbs.length > 0 && (
          <Box visibleFrom="xs" style={{ minWidth: 0 }}>
            <Breadcrumbs aria-label="Breadcrumb" separator="/" styles={{ breadcrumb: { whiteSpace: 'nowrap' } }}>
              {crumbs.map((c, i) =>
                c.to && i < crumbs.length - 1 ? (
                  <Anchor key={i} component={Link} to={c.to} size="sm" c="blue.8">
                    {c.label}
                  </Anchor>
                ) : (
                  <Text key={i} size="sm" c="gray.8" aria-current={i === crumbs.length - 1 ? 'page' : undefined} truncate>
                    {c.label}
                  </Text>
                ),
              )}
            </Breadcrumbs>
          </Box>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <ConnectionBadge />
        <Button component={Link} to={home} variant="light" size="xs" leftSection={<IconLayoutDashboard size={16} />} visibleFrom="sm">
          Dashboard
        </Button>
        <Tooltip label="Dashboard" hiddenFrom="sm">
          <ActionIcon component={Link} to={home} variant="light" hiddenFrom="sm" aria-label="Dashboard" size="lg">
            <IconLayoutDashboard size={18} />
          </ActionIcon>
        </Tooltip>
        {user && (
          <Box ta="right" visibleFrom="xs" data-testid="header-user">
            <Text size="sm" fw={600} lh={1.2}>
              {user.name}
            </Text>
            <Text size="xs" c="gray.7" lh={1.2}>
              {roleLabel(user.role)}
            </Text>
          </Box>
        )}
        <Button variant="default" size="xs" onClick={signOut} leftSection={<IconLogout size={16} />}>
          Logout
        </Button>
      </Group>
    </Group>
  );
}
