import { createStudentSchema, type BatchRow } from '@learn/shared';
import { useCreateStudent } from '../api/students';
import { NO_BATCH } from '../lib/roster';
import { batchField, studentInput } from './batch-select';
import type { ShownPassword } from '../../../lib/ui/password-dialog';
import { PersonAddForm } from '../../../lib/ui/person-add';

/** Add student (spec 5): name and email required, batch optional; the generated password is shown once. */
export function AddStudentForm({
  batches,
  batchesError,
  onCreated,
}: {
  batches: BatchRow[] | undefined;
  batchesError: unknown;
  onCreated: (shown: ShownPassword) => void;
}) {
  const create = useCreateStudent();
  return (
    <PersonAddForm
      id="add-student-title"
      title="Add student"
      intro="A password is generated for the new account and shown once."
      noun="student"
      empty={{ name: '', email: '', batch: NO_BATCH }}
      schema={createStudentSchema}
      toInput={studentInput}
      create={(body) => create.mutateAsync(body)}
      busy={create.isPending}
      columns={3}
      extra={batchField(batches, batchesError, create.isPending)}
      onCreated={onCreated}
    />
  );
}
