import { QueryClient } from '@tanstack/react-query';
import { setQueryCacheOwner } from './query-cache';
import { retryDelay, retryTransient } from './retry-policy';

/** The app's one query client: reads retry network errors and 5xx (never a 4xx); mutations do not retry unless they opt in. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryTransient, retryDelay, staleTime: 10_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
setQueryCacheOwner(() => queryClient.clear());
