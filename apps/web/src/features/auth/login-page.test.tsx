import { describe, expect, it, vi } from 'vitest';
import { http } from 'msw';
import type { LoginResponse, PublicUser } from '@learn/shared';
import { render, screen, fireEvent, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AuthProvider, useAuth } from '../../lib/auth';
import { LoginRoute } from '../../app/router';
import { server } from '../../testing/server';
import { reply, replyError } from '../../testing/handlers';

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/:prefix/login', element: <LoginRoute /> },
      { path: '/c-cpp/guide', element: <p>guide home</p> },
    ],
    { initialEntries: ['/c-cpp/login'] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

/** The login requests the page sent, with their bodies; /api/auth/me answers 401 (nobody signed in) by default. */
function serveLogin(answer: () => Response | Promise<Response>) {
  const sent: unknown[] = [];
  server.use(
    http.post('*/api/auth/login', async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
  );
  return sent;
}

describe('LoginPage', () => {
  it('shows the first error under each field, clears it on edit, and sends nothing while invalid', async () => {
    const sent = serveLogin(() => replyError(401, 'Invalid email or password.'));
    renderLogin();
    await screen.findByRole('button', { name: 'Sign In' });
    expect(screen.getByRole('heading', { name: 'Welcome to Learn' })).toBeTruthy();
    expect(screen.getByText('C / C++')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'x' } });
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(screen.getByText('Password is required')).toBeTruthy();
    // Only the /me probe went out.
    expect(sent).toHaveLength(0);
  });

  it("disables inputs while 'Signing In...', then shows the server's message in the red box", async () => {
    let release!: () => void;
    const answered = new Promise<void>((r) => (release = r));
    const sent = serveLogin(async () => {
      await answered;
      return replyError(401, 'Invalid email or password.');
    });
    renderLogin();
    await screen.findByRole('button', { name: 'Sign In' });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: ' Guide@Example.com ' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const busy = await screen.findByRole('button', { name: 'Signing In...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).disabled).toBe(true);
    await waitFor(() => expect(sent).toEqual([{ email: 'guide@example.com', password: 'wrong-password' }]));
    release();
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid email or password.');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('Guide@Example.com');
  });

  it('goes to the guide home on success', async () => {
    const user: PublicUser = { id: 'g', name: 'G', email: 'g@example.com', role: 'guide', batchId: null, lastLogin: null };
    serveLogin(() => reply<LoginResponse>(200, { user }));
    const router = renderLogin();
    await screen.findByRole('button', { name: 'Sign In' });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'g@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/c-cpp/guide'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('useAuth', () => {
  it('throws outside its provider', () => {
    function Probe() {
      useAuth();
      return null;
    }
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
  });
});
