import { createGuideSchema } from '@learn/shared';
import { useCreateMate } from '../api/mates';
import type { ShownPassword } from '../../../lib/ui/password-dialog';
import { PersonAddForm } from '../../../lib/ui/person-add';

/** Add mate (spec 5): name and email required; the generated password is shown once. */
export function AddMateForm({ onCreated }: { onCreated: (shown: ShownPassword) => void }) {
  const create = useCreateMate();
  return (
    <PersonAddForm
      id="add-mate-title"
      title="Add mate"
      intro="Mates can teach, grade and manage everything you can. A password is generated and shown once."
      noun="mate"
      empty={{ name: '', email: '' }}
      schema={createGuideSchema}
      toInput={(v) => ({ name: v.name, email: v.email })}
      create={(body) => create.mutateAsync(body)}
      busy={create.isPending}
      columns={2}
      onCreated={onCreated}
    />
  );
}
