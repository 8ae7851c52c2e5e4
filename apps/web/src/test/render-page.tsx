/** Test helpers shared by the page tests: the API served through MSW and a renderer with the app's providers. */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { http } from 'msw';
import { server } from '../testing/server';
import { signInAs } from '../testing/handlers';
import type { PublicUser } from '@learn/shared';
import { AuthProvider } from '../lib/auth';
import { setQueryCacheOwner } from '../lib/query-cache';

export const json = (status: number, body: unknown) => Response.json(body, { status });

/** One request as the page sent it: the URL and what `fetch` was given (method, JSON body as text). */
export type SentInit = { method: string; body?: string };
export type Handler = (url: string, init: SentInit) => Response | undefined | Promise<Response | undefined>;

/**
 * Serves the API through MSW (src/testing): /api/auth/me answers with `user`; other requests go to `handler`
 * with their path and query and what was sent; anything it leaves unanswered is a 404. Returns a spy of the
 * requests the page made, `(url, init)` each, for tests that check what was sent.
 */
export function serveApi(user: PublicUser, handler: Handler) {
  signInAs(user);
  const requests = vi.fn<(url: string, init: SentInit) => void>();
  server.use(
    http.all('*/api/*', async ({ request }) => {
      const url = new URL(request.url);
      // Who is signed in: left to the shared /api/auth/me handler.
      if (url.pathname === '/api/auth/me') return undefined;
      const path = url.pathname + url.search;
      const text = await request.text();
      const init: SentInit = { method: request.method, ...(text ? { body: text } : {}) };
      requests(path, init);
      return (await handler(path, init)) ?? json(404, { type: 'NOT_FOUND', message: `no handler for ${path}` });
    }),
  );
  return requests;
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
