import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BatchRow,
  CreatedAccount,
  CreateStudentInput,
  RosterImportResult,
  RosterPreview,
  StudentRow,
  UpdateStudentInput,
} from '@learn/shared';
import { api } from '../../../lib/api-client';
import { idempotentRetry } from '../../../lib/retry-policy';

/** Keys of this page's cache entries; the roster is reloaded after every add, edit, import or removal (spec 4). */
export const studentKeys = {
  list: ['manage-students', 'list'] as const,
  batches: ['manage-students', 'batches'] as const,
};

/** GET /api/students */
export function useStudents() {
  return useQuery({
    queryKey: studentKeys.list,
    queryFn: ({ signal }) => api<{ students: StudentRow[] }>('students', { signal }).then((r) => r.students),
  });
}

/** GET /api/batches — for the batch choices and the batch filter. */
export function useBatches() {
  return useQuery({
    queryKey: studentKeys.batches,
    queryFn: ({ signal }) => api<{ batches: BatchRow[] }>('batches', { signal }).then((r) => r.batches),
    staleTime: 60_000,
  });
}

/** Reloads the roster and what shows it elsewhere (the guide dashboard's student list, batch counts). */
function useRefreshRoster() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: studentKeys.list });
    void client.invalidateQueries({ queryKey: studentKeys.batches });
    void client.invalidateQueries({ queryKey: ['dashboard', 'guide'] });
  };
}

/** POST /api/students: the new account and its generated password (shown once). */
export function useCreateStudent() {
  const refresh = useRefreshRoster();
  return useMutation({
    mutationFn: (body: CreateStudentInput) => api<CreatedAccount<StudentRow>>('students', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** PATCH /api/students/:id — the password changes only when a non-empty one is sent. */
export function useUpdateStudent() {
  const refresh = useRefreshRoster();
  return useMutation({
    // A PUT/PATCH that sets a whole value: sending it twice leaves the same result.
    ...idempotentRetry,
    mutationFn: ({ id, body }: { id: string; body: UpdateStudentInput }) =>
      api<{ user: StudentRow }>(`students/${encodeURIComponent(id)}`, { method: 'PATCH', body }).then((r) => r.user),
    onSuccess: refresh,
  });
}

/** POST /api/students/:id/reset-password: a new generated password, shown once. */
export function useResetStudentPassword() {
  return useMutation({
    mutationFn: (id: string) => api<{ password: string }>(`students/${encodeURIComponent(id)}/reset-password`, { method: 'POST' }),
  });
}

/** DELETE /api/students/:id */
export function useRemoveStudent() {
  const refresh = useRefreshRoster();
  return useMutation({
    mutationFn: (id: string) => api<unknown>(`students/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** POST /api/students/import/preview: every row with its errors; nothing is created. */
export function usePreviewRoster() {
  return useMutation({
    mutationFn: (csv: string) => api<RosterPreview>('students/import/preview', { method: 'POST', body: { csv }, timeoutMs: 60_000 }),
  });
}

/** POST /api/students/import: creates the valid rows (the server reads the file again) and returns their passwords once. */
export function useImportRoster() {
  const refresh = useRefreshRoster();
  return useMutation({
    mutationFn: (csv: string) => api<RosterImportResult>('students/import', { method: 'POST', body: { csv }, timeoutMs: 120_000 }),
    onSuccess: refresh,
  });
}
