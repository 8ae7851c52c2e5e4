import { Button, Group, Modal, Text } from '@mantine/core';
import { modalProps } from './ui';

export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** The confirm button's colour: red (the default) for what cannot be undone, else the theme's. */
  confirmColor?: string;
}

/** A yes/no question before a change that cannot be undone; the safe answer has the focus. */
export function ConfirmDialog({ request, busy, onClose }: { request: ConfirmRequest | null; busy?: boolean; onClose: () => void }) {
  return (
    <Modal {...modalProps} opened={request !== null} onClose={onClose} title={request?.title} centered>
      <Text size="sm">{request?.message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus disabled={busy}>
          Cancel
        </Button>
        <Button color={request?.confirmColor ?? 'red.8'} onClick={() => request?.onConfirm()} loading={busy}>
          {request?.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
