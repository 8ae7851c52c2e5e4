import { notifications } from '@mantine/notifications';
import { NOTIFICATION_DURATION_MS, NOTIFICATION_ERROR_DURATION_MS } from '@learn/shared';

export type NotificationType = 'success' | 'error' | 'warning' | 'info';

const colors: Record<NotificationType, string> = { success: 'teal', error: 'red', warning: 'yellow', info: 'blue' };

/**
 * Auto-close in ms: 5000 by default, 8000 for errors; 0 means the notification stays until closed.
 * Returns Mantine's autoClose value (false = stay).
 */
export function autoCloseFor(type: NotificationType, duration?: number): number | false {
  const ms = duration ?? (type === 'error' ? NOTIFICATION_ERROR_DURATION_MS : NOTIFICATION_DURATION_MS);
  return ms === 0 ? false : ms;
}

/** Shows a toast: { type, title, message, duration }; a toast with the `id` of one on screen is not shown twice. */
export function notify(n: { type: NotificationType; title: string; message?: string; duration?: number; id?: string }): string {
  return notifications.show({
    id: n.id,
    title: n.title,
    message: n.message ?? '',
    color: colors[n.type],
    autoClose: autoCloseFor(n.type, n.duration),
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Close notification' },
  });
}
