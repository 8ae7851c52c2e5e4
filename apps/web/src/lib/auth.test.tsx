import { describe, expect, it } from 'vitest';
import { http } from 'msw';
import type { PublicUser } from '@learn/shared';
import { act, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider, useAuth } from './auth';
import { setQueryCacheOwner } from './query-cache';
import { server } from '../testing/server';
import { reply, signInAs } from '../testing/handlers';

const guide: PublicUser = { id: 'g', name: 'G', email: 'g@example.com', role: 'guide', batchId: null, lastLogin: null };
const student: PublicUser = { ...guide, id: 's', role: 'student', email: 's@example.com' };

describe('AuthProvider', () => {
  it("drops every cached answer at sign-out and sign-in, so the next user never sees the last one's data", async () => {
    signInAs(guide);
    server.use(
      http.post('*/api/auth/logout', () => reply(200, { success: true })),
      http.post('*/api/auth/login', () => reply(200, { user: student })),
    );
    const client = new QueryClient();
    setQueryCacheOwner(() => client.clear());
    let auth!: ReturnType<typeof useAuth>;
    function Probe() {
      auth = useAuth();
      return null;
    }
    render(
      <QueryClientProvider client={client}>
        <AuthProvider>
          <Probe />
        </AuthProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(auth.user?.id).toBe('g'));
    client.setQueryData(['course-lectures', 'course_c_01'], { lectures: ['everything a guide sees'] });
    await act(() => auth.logout());
    expect(client.getQueryData(['course-lectures', 'course_c_01'])).toBeUndefined();
    expect(auth.user).toBeNull();

    client.setQueryData(['dashboard', 'x'], { stale: true });
    await act(async () => {
      await auth.login({ email: 's@example.com', password: 'secret-1' });
    });
    expect(client.getQueryData(['dashboard', 'x'])).toBeUndefined();
    expect(auth.user?.id).toBe('s');
  });
});
