import { useCallback, useEffect, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import { Button, Group, Modal, Text } from '@mantine/core';

/**
 * Guards unsaved edits: in-app navigation (including switching lecture, which changes the search) asks
 * first, closing or reloading the tab gets the browser's own prompt, and `confirmThen` asks before a
 * change that is not a navigation (switching course).
 */
export function useUnsavedChanges(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const [pending, setPending] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const confirmThen = useCallback((action: () => void) => (dirty ? setPending(() => action) : action()), [dirty]);

  const stay = () => {
    if (blocker.state === 'blocked') blocker.reset();
    setPending(null);
  };
  const leave = () => {
    if (blocker.state === 'blocked') blocker.proceed();
    pending?.();
    setPending(null);
  };

  const dialog = (
    <Modal opened={blocker.state === 'blocked' || pending !== null} onClose={stay} title="Discard unsaved changes?" centered>
      <Text size="sm">Your changes have not been saved. If you leave now, they will be lost.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={stay} data-autofocus>
          Keep editing
        </Button>
        <Button color="red.8" onClick={leave}>
          Discard changes
        </Button>
      </Group>
    </Modal>
  );
  return { confirmThen, dialog };
}
