import { Modal, Stack, Text, Title } from '@mantine/core';
import { ErrorState, LoadingState } from '../../../lib/ui/query-state';
import { modalProps } from '../../../lib/ui/ui';
import { useExamPreview } from '../api/get-exam-preview';
import { questionTypeNames } from '../lib/questions';

/** The saved exam as a student sees it, in a modal. */
export function ExamPreview({ examId, onClose }: { examId: string | null; onClose: () => void }) {
  const preview = useExamPreview(examId);
  return (
    <Modal {...modalProps} opened={!!examId} onClose={onClose} title="Preview as a student sees it" size="lg">
      {preview.isPending ? (
        <LoadingState label="Loading the preview..." />
      ) : preview.error ? (
        <ErrorState title="Could not load the preview" error={preview.error} />
      ) : (
        <Stack gap="md">
          <Title order={2} size="h4">
            {preview.data.title}
          </Title>
          {preview.data.questions.map((q, i) => (
            <Stack key={q.id} gap={4}>
              <Text fw={600}>
                Question {i + 1} · {questionTypeNames[q.type]} · {q.points} points
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{q.prompt}</Text>
              {q.options?.map((o, j) => (
                <Text key={j}>○ {o}</Text>
              ))}
              {(q.buggyCode ?? q.starterCode) && (
                <Text component="pre" ff="monospace" size="sm">
                  {q.buggyCode ?? q.starterCode}
                </Text>
              )}
            </Stack>
          ))}
          {!preview.data.questions.length && <Text c="gray.7">No questions yet (save first to preview the latest).</Text>}
        </Stack>
      )}
    </Modal>
  );
}
