import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { LoginInput, LoginResponse, PublicUser } from '@learn/shared';
import { api, setUnauthenticatedHandler } from './api-client';
import { clearQueryCache } from './query-cache';
import { isTransient, retryDelay, retryTransient } from './retry-policy';

interface AuthState {
  /** undefined while the server is being asked who is signed in. */
  user: PublicUser | null | undefined;
  login(input: LoginInput): Promise<PublicUser>;
  logout(): Promise<void>;
}

/**
 * GET /api/auth/me. The first try goes without react-query, so the signed-out pages never download it; a
 * network error or 5xx hands the probe to the query client, which retries it by the app's retry policy
 * (counting the first try, so three tries in all).
 */
async function probeSession(): Promise<{ user: PublicUser }> {
  const me = () => api<{ user: PublicUser }>('auth/me');
  try {
    return await me();
  } catch (err) {
    if (!isTransient(err)) throw err;
    const { queryClient } = await import('./query-client');
    return queryClient.fetchQuery({
      queryKey: ['auth', 'me'],
      queryFn: me,
      retry: (n, e) => retryTransient(n + 1, e),
      retryDelay,
      gcTime: 0,
    });
  }
}

const AuthContext = createContext<AuthState | undefined>(undefined);

/** Who is signed in comes from the server's /api/auth/me, never from local storage. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<PublicUser | null | undefined>(undefined);

  useEffect(() => {
    let live = true;
    probeSession()
      .then((r) => live && setUser(r.user))
      .catch(() => live && setUser(null));
    setUnauthenticatedHandler(() => {
      clearQueryCache();
      setUser(null);
    });
    return () => {
      live = false;
      setUnauthenticatedHandler(undefined);
    };
  }, []);

  // Cached answers belong to the user who fetched them: a new sign-in or a sign-out drops them all.
  const login = useCallback(async (input: LoginInput) => {
    const r = await api<LoginResponse>('auth/login', { method: 'POST', body: input });
    clearQueryCache();
    setUser(r.user);
    return r.user;
  }, []);

  const logout = useCallback(async () => {
    try {
      await api('auth/logout', { method: 'POST' });
    } finally {
      clearQueryCache();
      setUser(null);
    }
  }, []);

  const value = useMemo(() => ({ user, login, logout }), [user, login, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
