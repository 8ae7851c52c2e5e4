import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

const ToastsHost = lazy(() => import('./toasts-host'));

/**
 * The toast container (and its styles) loads with the first toast, so the landing and login pages do not
 * download it. Toasts shown before it arrives wait in Mantine's store and appear once it has loaded.
 */
export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastsHost />
    </Suspense>
  );
}
