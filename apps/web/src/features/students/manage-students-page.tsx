import { lazy, Suspense, useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import type { StudentRow } from '@learn/shared';
import { toAppError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useBatches, useRemoveStudent, useResetStudentPassword, useStudents } from './api/students';
import { AddStudentForm } from './components/add-student-form';
import { ConfirmDialog, type ConfirmRequest } from '../../lib/ui/confirm-dialog';
import { EditStudentModal } from './components/edit-student-modal';
import { PasswordDialog, type ShownPassword } from '../../lib/ui/password-dialog';
import { ErrorState, LoadingState } from '../../lib/ui/query-state';
import { StudentRoster } from './components/student-roster';
import { readableErrors } from '../../lib/ui/ui';

const RosterImportModal = lazy(() => import('./components/roster-import'));

/** Students (platform-core.md sections 2, 5, 8): add form, roster import, roster with edit, reset and remove. */
export default function ManageStudentsPage() {
  const students = useStudents();
  const batches = useBatches();
  const reset = useResetStudentPassword();
  const remove = useRemoveStudent();
  const [shown, setShown] = useState<ShownPassword | null>(null);
  const [editing, setEditing] = useState<StudentRow | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [importOpen, setImportOpen] = useState(false);

  function askReset(s: StudentRow) {
    setConfirm({
      title: 'Reset password?',
      message: `A new password will be generated for ${s.name}. Their current password stops working and they are signed out.`,
      confirmLabel: 'Reset password',
      onConfirm: async () => {
        try {
          const { password } = await reset.mutateAsync(s.id);
          setConfirm(null);
          setShown({ title: 'New password', name: s.name, email: s.email, password });
        } catch (err) {
          setConfirm(null);
          notify({ type: 'error', title: 'Reset Failed', message: `Failed to reset the password: ${toAppError(err).message}` });
        }
      },
    });
  }

  function askRemove(s: StudentRow) {
    setConfirm({
      title: 'Remove student',
      message: `Are you sure you want to remove ${s.name}? This action cannot be undone.`,
      confirmLabel: 'Remove',
      onConfirm: async () => {
        try {
          await remove.mutateAsync(s.id);
          notify({ type: 'success', title: 'Student removed successfully' });
        } catch (err) {
          notify({ type: 'error', title: 'Remove Failed', message: `Failed to remove student: ${toAppError(err).message}` });
        } finally {
          setConfirm(null);
        }
      },
    });
  }

  let roster;
  if (students.error) roster = <ErrorState title="Error loading students" error={students.error} onRetry={() => void students.refetch()} />;
  else if (!students.data) roster = <LoadingState label="Loading students..." />;
  else
    roster = (
      <StudentRoster
        students={students.data}
        batches={batches.data}
        actions={{ onEdit: setEditing, onReset: askReset, onRemove: askRemove }}
      />
    );

  return (
    <Stack gap="lg" style={readableErrors}>
      <div>
        <Title order={1} size="h2">
          Students
        </Title>
        <Text c="gray.7" mt={4}>
          Add students one by one or from a CSV file, and manage their accounts.
        </Text>
      </div>
      <AddStudentForm batches={batches.data} batchesError={batches.error} onCreated={setShown} />
      <Card withBorder padding="lg" component="section" aria-labelledby="import-title">
        <Group justify="space-between" gap="sm">
          <div>
            <Title order={2} size="h4" id="import-title">
              Import a roster
            </Title>
            <Text size="sm" c="gray.7">
              Add many students at once from a CSV file with name, email and batch; check it before anything is created.
            </Text>
          </div>
          <Button variant="outline" leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setImportOpen(true)}>
            Import from CSV
          </Button>
        </Group>
      </Card>
      {roster}
      <EditStudentModal student={editing} batches={batches.data} batchesError={batches.error} onClose={() => setEditing(null)} />
      <ConfirmDialog request={confirm} busy={reset.isPending || remove.isPending} onClose={() => setConfirm(null)} />
      <PasswordDialog shown={shown} onClose={() => setShown(null)} />
      {importOpen && (
        <Suspense fallback={<LoadingState label="Loading the importer..." />}>
          <RosterImportModal opened={importOpen} onClose={() => setImportOpen(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
