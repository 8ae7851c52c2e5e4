/** Test helpers shared by the page tests: a fetch stub and a renderer with the app's providers. */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { PublicUser } from '@learn/shared';
import { AuthProvider } from '../lib/auth';
import { setQueryCacheOwner } from '../lib/query-cache';

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

export type Handler = (url: string, init?: RequestInit) => Response | undefined | Promise<Response | undefined>;

/** Stubs fetch: /api/auth/me answers with `user`; other calls go to `handler`; anything unanswered is a 404. */
export function stubFetch(user: PublicUser, handler: Handler) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.includes('/api/auth/me')) return json(200, { user });
    return (await handler(url, init)) ?? json(404, { type: 'NOT_FOUND', message: `no stub for ${url}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Shows the path and navigation state a link led to. */
function Destination() {
  const location = useLocation();
  return (
    <p data-testid="destination">
      {location.pathname} {JSON.stringify(location.state)}
    </p>
  );
}

/**
 * Renders a page at /{prefix}/{segment} (optionally with navigation state) inside the app's providers, with a
 * stand-in for every other page.
 */
export function renderPage(page: ReactNode, path: string, state?: unknown) {
  localStorage.clear();
  notifications.clean();
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0]!.replace(/^\/[^/]+/, '/:prefix'), element: page },
      { path: '*', element: <Destination /> },
    ],
    { initialEntries: [state === undefined ? path : { pathname: path, state }] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  setQueryCacheOwner(() => client.clear());
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

export const student: PublicUser = {
  id: 'user_student_1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'student',
  batchId: null,
  lastLogin: null,
};
export const guide: PublicUser = {
  id: 'user_guide_1',
  name: 'Grace Hopper',
  email: 'guide@example.com',
  role: 'guide',
  batchId: null,
  lastLogin: null,
};
