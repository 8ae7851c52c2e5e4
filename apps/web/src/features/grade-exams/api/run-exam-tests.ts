import { useMutation } from '@tanstack/react-query';
import type { ExamSubmissionView } from '@learn/shared';
import { api } from '../../../lib/api-client';

/** POST /api/exam-submissions/:id/tests — runs the code questions' tests; the answer carries suggested points. */
export function runExamTests(submissionId: number) {
  return api<ExamSubmissionView>(`exam-submissions/${submissionId}/tests`, { method: 'POST', timeoutMs: 180_000 });
}

export function useRunExamTests() {
  return useMutation({ mutationFn: runExamTests });
}
