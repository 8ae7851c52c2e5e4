import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, FileInput, Group, List, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { ROSTER_MAX_CHARS, ROSTER_MAX_ROWS, type RosterImportResult, type RosterPreview } from '@learn/shared';
import { toAppError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useImportRoster, usePreviewRoster } from '../api/students';
import { PREVIEW_ROW_LIMIT, previewRowsToShow } from '../lib/roster';
import { ResultStep } from './roster-import-result';
import { modalProps } from '../../../lib/ui/ui';

const MAX_CHARS = ROSTER_MAX_CHARS;

type Step = { kind: 'choose' } | { kind: 'preview'; csv: string; preview: RosterPreview } | { kind: 'done'; result: RosterImportResult };

/**
 * Roster import: choose a CSV, preview it (the server checks every row), import the valid rows, then
 * copy or download the generated passwords shown in the dialog, which exist only in this answer. Loaded only when opened.
 */
export default function RosterImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 47.99em)');
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [downloaded, setDownloaded] = useState(false);

  function close() {
    setStep({ kind: 'choose' });
    setDownloaded(false);
    onClose();
  }

  return (
    <Modal
      {...modalProps}
      opened={opened}
      onClose={close}
      title="Import students from a CSV file"
      size="xl"
      fullScreen={phone}
      closeOnClickOutside={step.kind === 'choose'}
      // Once the passwords exist, only the explicit buttons close, so they are not lost by a stray Escape.
      closeOnEscape={step.kind !== 'done'}
      withCloseButton={step.kind !== 'done'}
    >
      {step.kind === 'choose' && <ChooseFile onPreview={(csv, preview) => setStep({ kind: 'preview', csv, preview })} />}
      {step.kind === 'preview' && (
        <PreviewStep
          csv={step.csv}
          preview={step.preview}
          onBack={() => setStep({ kind: 'choose' })}
          onDone={(result) => setStep({ kind: 'done', result })}
        />
      )}
      {step.kind === 'done' && <ResultStep result={step.result} saved={downloaded} onSaved={() => setDownloaded(true)} onClose={close} />}
    </Modal>
  );
}

/** The file's text (UTF-8); FileReader rather than Blob.text() so older engines read it too. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });
}

function ChooseFile({ onPreview }: { onPreview: (csv: string, preview: RosterPreview) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const preview = usePreviewRoster();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!file) {
      setError('Choose a CSV file first.');
      return;
    }
    setReading(true);
    let csv: string;
    try {
      csv = await readText(file);
    } catch {
      setReading(false);
      setError('The file could not be read.');
      return;
    }
    setReading(false);
    if (!csv.trim()) return setError('The file is empty');
    if (csv.length > MAX_CHARS) return setError('The file is too large (5 MB at most)');
    try {
      onPreview(csv, await preview.mutateAsync(csv));
    } catch (err) {
      setError(toAppError(err).message);
    }
  }

  const busy = reading || preview.isPending;
  return (
    <form onSubmit={submit} noValidate aria-label="Choose a roster file">
      <Stack gap="md">
        <div>
          <Text size="sm">Each line of the file is one student, with these columns in this order:</Text>
          <List size="sm" mt={4} withPadding>
            <List.Item>
              <b>name</b> (required)
            </List.Item>
            <List.Item>
              <b>email</b> (required, must be new)
            </List.Item>
            <List.Item>
              <b>batch</b>: a batch name or id, or empty for no batch
            </List.Item>
          </List>
          <Text size="sm" c="gray.7" mt={4}>
            A header line (name,email,batch) is optional. Up to {ROSTER_MAX_ROWS} rows at once. Nothing is created until you confirm the
            import.
          </Text>
        </div>
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          value={file}
          onChange={(f) => {
            setFile(f);
            setError(null);
          }}
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          clearable
          disabled={busy}
          error={error}
          required
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={!file}>
            Preview
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PreviewStep({
  csv,
  preview,
  onBack,
  onDone,
}: {
  csv: string;
  preview: RosterPreview;
  onBack: () => void;
  onDone: (result: RosterImportResult) => void;
}) {
  const run = useImportRoster();
  const [failure, setFailure] = useState<string | null>(null);
  const rows = useMemo(() => previewRowsToShow(preview.rows), [preview.rows]);
  const total = preview.rows.length;

  async function importRows() {
    setFailure(null);
    try {
      const result = await run.mutateAsync(csv);
      notify({
        type: 'success',
        title: 'Students imported',
        message: `${result.created.length} student${result.created.length === 1 ? '' : 's'} added${result.skipped ? `, ${result.skipped} skipped` : ''}.`,
      });
      onDone(result);
    } catch (err) {
      const e = toAppError(err);
      setFailure(e.message);
      notify({ type: 'error', title: 'Import Failed', message: `Failed to import students: ${e.message}` });
    }
  }

  return (
    <Stack gap="md">
      <Group gap="sm" aria-live="polite">
        <Badge color="teal.9" variant="filled" size="lg" radius="sm">
          {preview.valid} valid
        </Badge>
        <Badge color={preview.invalid ? 'red.9' : 'gray.7'} variant="filled" size="lg" radius="sm">
          {preview.invalid} invalid
        </Badge>
        <Text size="sm" c="gray.7">
          {total} row{total === 1 ? '' : 's'} read
        </Text>
      </Group>
      {preview.invalid > 0 && (
        <Text size="sm">
          Rows with errors are skipped; fix them in the file and import it again later (already imported rows are then reported as taken).
        </Text>
      )}
      {total > rows.length && (
        <Text size="sm" c="gray.7" data-testid="preview-limit-note">
          Showing the first {PREVIEW_ROW_LIMIT} of {total} rows, rows with errors first.
        </Text>
      )}
      <Table.ScrollContainer
        minWidth={640}
        maxHeight={420}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': 'Preview rows (scrollable)' } }}
      >
        <Table verticalSpacing="xs" stickyHeader aria-label="Preview of the file's rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Batch</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr
                key={r.line}
                bg={r.errors.length ? 'red.0' : undefined}
                data-testid={r.errors.length ? 'preview-row-invalid' : 'preview-row-valid'}
              >
                <Table.Td>{r.line}</Table.Td>
                <Table.Td style={{ minWidth: 180 }}>
                  {r.errors.length ? (
                    <Text size="sm" c="red.9" fw={600}>
                      {r.errors.join('; ')}
                    </Text>
                  ) : (
                    <Text size="sm" c="teal.9">
                      Ready
                    </Text>
                  )}
                  {r.notes?.map((n) => (
                    <Text key={n} size="sm" c="orange.9">
                      {n}
                    </Text>
                  ))}
                </Table.Td>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.email}</Table.Td>
                <Table.Td>
                  {r.batch || (
                    <Text span size="sm" c="gray.7">
                      No batch
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {failure && (
        <Alert color="red" variant="light" role="alert" title="Import Failed">
          <Text size="sm" c="red.9">
            {failure}
          </Text>
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack} disabled={run.isPending}>
          Choose another file
        </Button>
        <Button onClick={() => void importRows()} loading={run.isPending} disabled={preview.valid === 0}>
          Import {preview.valid} student{preview.valid === 1 ? '' : 's'}
        </Button>
      </Group>
    </Stack>
  );
}
