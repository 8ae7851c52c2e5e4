import { QueryClient } from '@tanstack/react-query';
import { setQueryCacheOwner } from './query-cache';

// The api client already retries network errors and 5xx with backoff; react-query must not retry again.
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, staleTime: 10_000, refetchOnWindowFocus: true } },
});
setQueryCacheOwner(() => queryClient.clear());
