import { updateGuideSchema, type GuideRow } from '@learn/shared';
import { useUpdateMate } from '../api/mates';
import { PersonEditModal } from '../../../lib/ui/person-edit';

/** Edit a mate: name, email, and a new password that is sent only when typed (spec 5). */
export function EditMateModal({ mate, isSelf, onClose }: { mate: GuideRow | null; isSelf: boolean; onClose: () => void }) {
  const update = useUpdateMate();
  return (
    <PersonEditModal
      person={mate}
      emptyTitle="Edit mate"
      initial={() => ({ name: mate?.name ?? '', email: mate?.email ?? '', password: '' })}
      schema={updateGuideSchema}
      toInput={(v) => ({ name: v.name, email: v.email })}
      save={(id, body) => update.mutateAsync({ id, body })}
      busy={update.isPending}
      successTitle="Guide updated successfully"
      passwordHint={
        isSelf
          ? 'Leave empty to keep your password. A new one signs you out; sign in again with it.'
          : 'Leave empty to keep the current password. A new one signs the mate out everywhere.'
      }
      onClose={onClose}
    />
  );
}
