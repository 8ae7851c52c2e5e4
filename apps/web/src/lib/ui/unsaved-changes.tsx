import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { Button, Group, Modal, Text } from '@mantine/core';

/**
 * Guards unsaved edits: in-app navigation (including switching lecture, which changes the search) asks
 * first, and closing or reloading the tab gets the browser's own prompt.
 */
export function useUnsavedChanges(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const stay = () => blocker.state === 'blocked' && blocker.reset();
  const leave = () => blocker.state === 'blocked' && blocker.proceed();

  const dialog = (
    <Modal opened={blocker.state === 'blocked'} onClose={stay} title="Discard unsaved changes?" centered>
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
  return { dialog };
}
