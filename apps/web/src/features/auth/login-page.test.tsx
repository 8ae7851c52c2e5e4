import { describe, expect, it, vi, afterEach } from 'vitest';
import { render, screen, fireEvent, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AuthProvider, useAuth } from '../../lib/auth';
import { LoginRoute } from '../../app/router';

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

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('LoginPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the first error under each field, clears it on edit, and sends nothing while invalid', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json(401, { type: 'AUTHENTICATION', message: 'Authentication required' }));
    vi.stubGlobal('fetch', fetchMock);
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
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('auth/login'))).toHaveLength(0);
  });

  it("disables inputs while 'Signing In...', then shows the server's message in the red box", async () => {
    let release!: (r: Response) => void;
    const fetchMock = vi.fn((url: string, _init?: RequestInit) =>
      url.includes('auth/me')
        ? Promise.resolve(json(401, { type: 'AUTHENTICATION', message: 'Authentication required' }))
        : new Promise<Response>((r) => (release = r)),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    await screen.findByRole('button', { name: 'Sign In' });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: ' Guide@Example.com ' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const busy = await screen.findByRole('button', { name: 'Signing In...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).disabled).toBe(true);
    const loginCall = fetchMock.mock.calls.find(([url]) => String(url).includes('auth/login'))!;
    expect(JSON.parse((loginCall[1] as RequestInit).body as string)).toEqual({ email: 'guide@example.com', password: 'wrong-password' });
    release(json(401, { type: 'AUTHENTICATION', message: 'Invalid email or password.' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid email or password.');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('Guide@Example.com');
  });

  it('goes to the guide home on success', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url.includes('auth/me')
            ? json(401, { type: 'AUTHENTICATION', message: 'Authentication required' })
            : json(200, { user: { id: 'g', name: 'G', email: 'g@example.com', role: 'guide', batchId: null, lastLogin: null } }),
        ),
      ),
    );
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
