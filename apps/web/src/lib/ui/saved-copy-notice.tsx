import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { formatDateTime } from '../format-date';

/** Says the page shows a saved copy, and from when. */
export function SavedCopyNotice({ savedAt }: { savedAt: string }) {
  const when = formatDateTime(savedAt);
  return (
    <Alert color="yellow" variant="light" icon={<IconInfoCircle aria-hidden />} role="status" title="Showing saved data">
      This is the copy saved at {when}; it may be out of date. The page updates by itself when the server answers.
    </Alert>
  );
}
