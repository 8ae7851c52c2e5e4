import { useQuery } from '@tanstack/react-query';
import type { ExplainStatus, ExplainUsage } from '@learn/shared';
import { api } from '../api-client';

/** GET /api/explain/status: is a provider configured, and what is it called ("Gemini"). */
export function useExplainStatus(enabled: boolean) {
  return useQuery({
    queryKey: ['explain', 'status'],
    queryFn: ({ signal }) => api<ExplainStatus>('explain/status', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/explain/usage (guides): explanations per day and cache hits. */
export function useExplainUsage() {
  return useQuery({
    queryKey: ['explain', 'usage'],
    queryFn: ({ signal }) => api<ExplainUsage>('explain/usage', { signal }),
  });
}
