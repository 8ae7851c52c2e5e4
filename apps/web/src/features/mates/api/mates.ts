import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedAccount, CreateGuideInput, GuideListItem, GuideRow, UpdateGuideInput } from '@learn/shared';
import { api } from '../../../lib/api-client';
import { idempotentRetry } from '../../../lib/retry-policy';

export const matesKey = ['manage-mates', 'list'] as const;

/** GET /api/guides */
export function useMates() {
  return useQuery({
    queryKey: matesKey,
    queryFn: ({ signal }) => api<{ guides: GuideListItem[] }>('guides', { signal }).then((r) => r.guides),
  });
}

/** The list is reloaded after every add, edit or removal (spec 4). */
function useRefresh() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: matesKey });
}

/** POST /api/guides: the new account and its generated password (shown once). */
export function useCreateMate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateGuideInput) => api<CreatedAccount<GuideRow>>('guides', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** PATCH /api/guides/:id — the password changes only when a non-empty one is sent. */
export function useUpdateMate() {
  const refresh = useRefresh();
  return useMutation({
    // A PUT/PATCH that sets a whole value: sending it twice leaves the same result.
    ...idempotentRetry,
    mutationFn: ({ id, body }: { id: string; body: UpdateGuideInput }) =>
      api<{ user: GuideRow }>(`guides/${encodeURIComponent(id)}`, { method: 'PATCH', body }).then((r) => r.user),
    onSuccess: refresh,
  });
}

/** POST /api/guides/:id/reset-password: a new generated password, shown once. */
export function useResetMatePassword() {
  return useMutation({
    mutationFn: (id: string) => api<{ password: string }>(`guides/${encodeURIComponent(id)}/reset-password`, { method: 'POST' }),
  });
}

/** DELETE /api/guides/:id — the server refuses oneself (403) and the last mate (409). */
export function useRemoveMate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api<unknown>(`guides/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
