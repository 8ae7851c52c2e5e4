import { useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import type { GuideListItem, GuideRow } from '@learn/shared';
import { useAuth } from '../../lib/auth';
import { toAppError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useMates, useRemoveMate, useResetMatePassword } from './api/mates';
import { AddMateForm } from './components/add-mate-form';
import { ConfirmDialog, type ConfirmRequest } from '../../lib/ui/confirm-dialog';
import { EditMateModal } from './components/edit-mate-modal';
import { MateList } from './components/mate-list';
import { PasswordDialog, type ShownPassword } from '../../lib/ui/password-dialog';
import { ErrorState, LoadingState } from '../../lib/ui/query-state';
import { readableErrors } from '../../lib/ui/ui';

/** Manage Mates (platform-core.md sections 2, 5, 8): add form and the list with edit, reset and remove. */
export default function ManageMatesPage() {
  const { user } = useAuth();
  const mates = useMates();
  const reset = useResetMatePassword();
  const remove = useRemoveMate();
  const [shown, setShown] = useState<ShownPassword | null>(null);
  const [editing, setEditing] = useState<GuideRow | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  function askReset(m: GuideRow) {
    const self = m.id === user?.id;
    setConfirm({
      title: 'Reset password?',
      message: self
        ? 'A new password will be generated for your own account. You will be signed out and must sign in with it.'
        : `A new password will be generated for ${m.name}. Their current password stops working and they are signed out.`,
      confirmLabel: 'Reset password',
      onConfirm: async () => {
        try {
          const { password } = await reset.mutateAsync(m.id);
          setShown({ title: 'New password', name: m.name, email: m.email, password });
        } catch (err) {
          notify({ type: 'error', title: 'Reset Failed', message: `Failed to reset the password: ${toAppError(err).message}` });
        } finally {
          setConfirm(null);
        }
      },
    });
  }

  function askRemove(m: GuideListItem) {
    // The server says with the list whether this mate may be removed, and why not (spec 5); it checks again.
    if (!m.abilities.remove) {
      notify({ type: 'warning', title: 'Cannot Remove', message: m.abilities.removeReason ?? 'This mate cannot be removed.' });
      return;
    }
    setConfirm({
      title: 'Remove mate',
      message: `Are you sure you want to remove ${m.name}? This action cannot be undone.`,
      confirmLabel: 'Remove',
      onConfirm: async () => {
        try {
          await remove.mutateAsync(m.id);
          notify({ type: 'success', title: 'Guide removed successfully' });
        } catch (err) {
          notify({ type: 'error', title: 'Remove Failed', message: `Failed to remove mate: ${toAppError(err).message}` });
        } finally {
          setConfirm(null);
        }
      },
    });
  }

  let list;
  if (mates.error) list = <ErrorState title="Error loading mates" error={mates.error} onRetry={() => void mates.refetch()} />;
  else if (!mates.data) list = <LoadingState label="Loading mates..." />;
  else list = <MateList mates={mates.data} selfId={user?.id} actions={{ onEdit: setEditing, onReset: askReset, onRemove: askRemove }} />;

  return (
    <Stack gap="lg" style={readableErrors}>
      <div>
        <Title order={1} size="h2">
          Manage Mates
        </Title>
        <Text c="gray.7" mt={4}>
          Mates are the guides who teach on Learn. Add one, change their details or reset their password.
        </Text>
      </div>
      <AddMateForm onCreated={setShown} />
      {list}
      <EditMateModal mate={editing} isSelf={editing?.id === user?.id} onClose={() => setEditing(null)} />
      <ConfirmDialog request={confirm} busy={reset.isPending || remove.isPending} onClose={() => setConfirm(null)} />
      <PasswordDialog shown={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}
