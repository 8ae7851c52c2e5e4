import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { AppShell, Overlay } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
// Every Mantine style for the signed-in pages (the first pages load only theirs: app/first-page.css).
import '@mantine/core/styles.layer.css';
import { useAuth } from '../../lib/auth';
import { PageLoader, usePrefix } from '../../lib/course-prefix';
import { Sidebar } from './sidebar';
import { Header } from './header';
import { useLiveEvents } from '../../lib/live-events';
import { queryClient } from '../../lib/query-client';
import { BadgeWatcher } from '../../lib/badges/badge-watcher';

// The floating chat button (and, on first open, its panel) loads after the page.
const ChatLauncher = lazy(() => import('../../features/chat/chat-launcher'));

/** The signed-in area: server answers are cached (react-query) only here, so signed-out pages load less. */
export default function AppLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Layout />
    </QueryClientProvider>
  );
}

/** Sidebar, top bar and main content. On small screens the sidebar slides in and a tap on the backdrop closes it. */
function Layout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { user } = useAuth();
  const prefix = usePrefix();
  useLiveEvents(!!user);
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 270, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
      className={user?.role === 'student' ? 'no-select' : undefined}
    >
      <AppShell.Header>
        <Header prefix={prefix} navOpened={opened} onToggleNav={toggle} />
      </AppShell.Header>
      <AppShell.Navbar id="app-sidebar" aria-label="Sidebar" style={{ zIndex: 201 }}>
        <Sidebar prefix={prefix} onNavigate={close} />
      </AppShell.Navbar>
      {opened && <Overlay hiddenFrom="sm" fixed zIndex={200} backgroundOpacity={0.35} onClick={close} data-testid="sidebar-backdrop" />}
      {/* Room below the last control of a page, so the floating buttons (chat, scratchpad) never cover it. */}
      <AppShell.Main pb={96} className="app-main">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      {user?.role === 'student' && <BadgeWatcher />}
      {user && (
        <Suspense fallback={null}>
          <ChatLauncher />
        </Suspense>
      )}
    </AppShell>
  );
}
