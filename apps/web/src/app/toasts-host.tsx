import { Notifications } from '@mantine/notifications';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/notifications/styles.layer.css';

export default function ToastsHost() {
  return <Notifications position="top-right" limit={5} />;
}
