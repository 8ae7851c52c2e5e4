import { useState } from 'react';
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCopy, IconDownload } from '@tabler/icons-react';
import type { RosterImportResult } from '@learn/shared';
import { downloadText, passwordsCsv } from '../lib/roster';
import { warningTitle } from '../../../lib/ui/ui';

/**
 * The import's outcome: each new student's password in the dialog, to copy or download. The passwords exist
 * only in this answer, so closing before they were copied or downloaded asks first.
 */
export function ResultStep({
  result,
  saved,
  onSaved,
  onClose,
}: {
  result: RosterImportResult;
  saved: boolean;
  onSaved: () => void;
  onClose: () => void;
}) {
  const n = result.created.length;
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const [warning, setWarning] = useState(false);
  function download() {
    const stamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-');
    downloadText(`student-passwords-${stamp}.csv`, passwordsCsv(result.created));
    onSaved();
  }
  async function copy() {
    const text = result.created.map((c) => `${c.name}\t${c.email}\t${c.password}`).join('\n');
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
      onSaved();
    } catch {
      setCopied('failed');
    }
  }
  return (
    <Stack gap="md">
      <Text fw={600} data-testid="import-result">
        {n} student{n === 1 ? '' : 's'} created{result.skipped ? `; ${result.skipped} row${result.skipped === 1 ? '' : 's'} skipped` : ''}.
      </Text>
      {n > 0 && (
        <>
          <Alert
            color="yellow"
            variant="light"
            styles={warningTitle}
            icon={<IconAlertTriangle aria-hidden />}
            title="Passwords are shown only once"
          >
            <Text size="sm" c="gray.9">
              These passwords are not stored anywhere you can see them again. Copy or download them now and share each one privately with
              its student.
            </Text>
          </Alert>
          <Table.ScrollContainer
            minWidth={320}
            maxHeight={320}
            type="native"
            tabIndex={0}
            role="region"
            aria-label="New passwords (scrolls)"
          >
            <Table verticalSpacing="xs" stickyHeader aria-label="New students and their passwords">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Password</Table.Th>
                  <Table.Th>Email</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.created.map((c) => (
                  <Table.Tr key={c.email}>
                    <Table.Td>{c.name}</Table.Td>
                    <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                      {c.password}
                    </Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{c.email}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group>
            <Button leftSection={<IconCopy size={16} aria-hidden />} variant="light" onClick={() => void copy()}>
              Copy passwords
            </Button>
            <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
              Download passwords (CSV)
            </Button>
            {copied && (
              <Text size="sm" c={copied === 'yes' ? 'teal.9' : 'red.8'} role="status">
                {copied === 'yes' ? 'Copied.' : 'Could not copy: download them instead.'}
              </Text>
            )}
          </Group>
        </>
      )}
      {warning && (
        <Alert color="red" variant="light" role="alert" title="The passwords are not saved yet">
          <Text size="sm" c="gray.9">
            Once this dialog closes, the passwords cannot be shown again; you would have to reset each student's password. Copy or download
            them first, or close anyway.
          </Text>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          variant={n > 0 && !saved ? 'default' : 'filled'}
          color={warning ? 'red.8' : undefined}
          onClick={() => (n > 0 && !saved && !warning ? setWarning(true) : onClose())}
        >
          {n === 0 || saved ? 'Done' : warning ? 'Close anyway' : 'Close'}
        </Button>
      </Group>
    </Stack>
  );
}
