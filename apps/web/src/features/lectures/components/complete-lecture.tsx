import { useState } from 'react';
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { LectureView } from '@learn/shared';
import { useBadgeAwards } from '../../../lib/badges/badge-dialog';
import { toAppError } from '../../../lib/errors';
import { useCompleteLecture } from '../api/complete-lecture';

/**
 * A student's 'Mark as Completed' button with its confirm dialog, or the 'Lecture Completed!' marker once
 * done (platform-core.md section 4, "Lecture completion"). New badges open the achievement dialog.
 */
export function CompleteLecture({ lecture }: { lecture: LectureView }) {
  const [confirming, setConfirming] = useState(false);
  const complete = useCompleteLecture(lecture);
  const { announce, dialog } = useBadgeAwards();

  function confirm() {
    complete.mutate(undefined, {
      onSuccess: (result) => {
        setConfirming(false);
        announce(result.newBadges);
      },
    });
  }

  function close() {
    setConfirming(false);
    complete.reset();
  }

  return (
    <>
      {lecture.completed ? (
        <Group gap={6} c="teal.9" wrap="nowrap" role="status" data-testid="lecture-completed">
          <IconCircleCheck size={22} aria-hidden />
          <Text fw={700} c="teal.9">
            Lecture Completed!
          </Text>
        </Group>
      ) : (
        <Button color="teal.9" leftSection={<IconCircleCheck size={18} aria-hidden />} onClick={() => setConfirming(true)}>
          Mark as Completed
        </Button>
      )}
      <Modal
        opened={confirming}
        onClose={close}
        title="Mark this lecture as completed?"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Text c="gray.8" mb="md">
          Day {lecture.day}: {lecture.title}
        </Text>
        {complete.error && (
          <Alert color="red" role="alert" mb="md" title="Could not mark the lecture as completed">
            {toAppError(complete.error).message}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={complete.isPending}>
            Cancel
          </Button>
          <Button color="teal.9" onClick={confirm} loading={complete.isPending} data-autofocus>
            Mark as Completed
          </Button>
        </Group>
      </Modal>
      {dialog}
    </>
  );
}
