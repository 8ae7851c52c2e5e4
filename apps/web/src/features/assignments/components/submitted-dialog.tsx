import { useEffect } from 'react';
import { Group, Modal, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { SUBMIT_DIALOG_CLOSE_MS } from '@learn/shared';

/** The success dialog after a homework submit; it closes itself SUBMIT_DIALOG_CLOSE_MS (1.5 s, spec 9) after opening. */
export function SubmittedDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  useEffect(() => {
    if (!opened) return;
    const timer = setTimeout(onClose, SUBMIT_DIALOG_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [opened, onClose]);
  return (
    <Modal opened={opened} onClose={onClose} title="Homework submitted" centered size="sm">
      <Group gap="sm" wrap="nowrap">
        <IconCircleCheck size={28} color="var(--mantine-color-teal-8)" aria-hidden />
        <Text size="sm">Your answer is in; the tests run now and your guide grades it.</Text>
      </Group>
    </Modal>
  );
}
