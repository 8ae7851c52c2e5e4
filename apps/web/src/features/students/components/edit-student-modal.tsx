import { updateStudentSchema, type BatchRow, type StudentRow } from '@learn/shared';
import { useUpdateStudent } from '../api/students';
import { NO_BATCH } from '../lib/roster';
import { batchField, studentInput } from './batch-select';
import { PersonEditModal } from '../../../lib/ui/person-edit';

/** Edit a student: name, email, batch, and a new password that is sent only when typed (spec 5). */
export function EditStudentModal({
  student,
  batches,
  batchesError,
  onClose,
}: {
  student: StudentRow | null;
  batches: BatchRow[] | undefined;
  batchesError: unknown;
  onClose: () => void;
}) {
  const update = useUpdateStudent();
  return (
    <PersonEditModal
      person={student}
      emptyTitle="Edit student"
      initial={() => ({ name: student?.name ?? '', email: student?.email ?? '', batch: student?.batchId ?? NO_BATCH, password: '' })}
      schema={updateStudentSchema}
      toInput={studentInput}
      save={(id, body) => update.mutateAsync({ id, body })}
      busy={update.isPending}
      successTitle="Student updated successfully"
      passwordHint="Leave empty to keep the current password. A new one signs the student out everywhere."
      extra={batchField(batches, batchesError, update.isPending)}
      onClose={onClose}
    />
  );
}
