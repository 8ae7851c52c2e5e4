import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FORMULA_NOTE, type RosterPreview, type RosterRow } from '@learn/shared';
import ManageStudentsPage from '../manage-students-page';
import { guide, json, renderPage, serveApi } from '../../../test/render-page';

const row = (line: number, errors: string[] = []): RosterRow => ({
  line,
  name: `Student ${line}`,
  email: `s${line}@example.com`,
  batch: line % 2 ? 'Spring 2024' : '',
  batchId: line % 2 ? 'batch_spring_2024' : null,
  errors,
});

function serve(preview: RosterPreview, created: { name: string; email: string; batch: string; password: string }[]) {
  let imported = false;
  const fetchMock = serveApi(guide, (url, init) => {
    if (url.endsWith('/api/batches')) return json(200, { batches: [] });
    if (url.endsWith('/api/students') && init?.method === 'GET')
      return json(200, {
        students: imported
          ? created.map((c, i) => ({
              id: `s${i}`,
              name: c.name,
              email: c.email,
              role: 'student',
              batchId: null,
              batchName: null,
              lastLogin: null,
              createdAt: '',
            }))
          : [],
      });
    if (url.endsWith('/api/students/import/preview')) return json(200, preview);
    if (url.endsWith('/api/students/import')) {
      imported = true;
      return json(200, { created, skipped: preview.invalid });
    }
  });
  return fetchMock;
}

/** jsdom's Blob has no text(); FileReader reads it. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

async function chooseAndPreview(csv: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Import from CSV' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import students from a CSV file' });
  expect(within(dialog).getByText(/A header line \(name,email,batch\) is optional/)).toBeTruthy();
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  expect(input.accept).toBe('.csv,text/csv');
  fireEvent.change(input, { target: { files: [new File([csv], 'roster.csv', { type: 'text/csv' })] } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
  return dialog;
}

describe('roster import', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('previews with errors highlighted, imports the valid rows, downloads the passwords and refreshes the roster', async () => {
    const csv = 'name,email,batch\nAda,ada@example.com,Spring 2024\nBob,bad,\n';
    const preview: RosterPreview = {
      rows: [
        { line: 2, name: 'Ada', email: 'ada@example.com', batch: 'Spring 2024', batchId: 'batch_spring_2024', errors: [] },
        { line: 3, name: 'Bob', email: 'bad', batch: '', batchId: null, errors: ['Please enter a valid email address'] },
      ],
      valid: 1,
      invalid: 1,
    };
    const created = [{ name: 'Ada', email: 'ada@example.com', batch: 'Spring 2024', password: 'Pw12345a' }];
    const fetchMock = serve(preview, created);
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:x'), revokeObjectURL: () => {} }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage(<ManageStudentsPage />, '/c-cpp/manage-students');
    expect(await screen.findByText('No students enrolled yet')).toBeTruthy();

    const dialog = await chooseAndPreview(csv);
    expect(await within(dialog).findByText('1 valid')).toBeTruthy();
    expect(within(dialog).getByText('1 invalid')).toBeTruthy();
    const previewCall = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/import/preview'))!;
    expect(JSON.parse((previewCall[1] as RequestInit).body as string)).toEqual({ csv });
    const invalid = within(dialog).getAllByTestId(/preview-row/);
    // Errors first.
    expect(invalid[0]!.getAttribute('data-testid')).toBe('preview-row-invalid');
    expect(within(invalid[0]!).getByText('Please enter a valid email address')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 1 student' }));
    expect(await within(dialog).findByText('1 student created; 1 row skipped.')).toBeTruthy();
    expect(within(dialog).getByText('Passwords are shown only once')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download passwords (CSV)' }));
    expect(clicked).toHaveBeenCalled();
    expect(await readBlob(blobs[0]!)).toBe('name,email,batch,password\r\nAda,ada@example.com,Spring 2024,Pw12345a\r\n');
    // The password is in the dialog too; the roster reloads behind the dialog.
    expect(within(dialog).getByText('Pw12345a')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('ada@example.com', { selector: 'td' })).toHaveLength(2));
    clicked.mockRestore();
  });

  it('draws at most 200 rows of a large file, errors first, with a note', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => row(i + 2, i === 2500 ? ['Unknown batch "X"'] : []));
    serve({ rows, valid: 2999, invalid: 1 }, []);
    renderPage(<ManageStudentsPage />, '/c-cpp/manage-students');
    const dialog = await chooseAndPreview('x');
    expect(await within(dialog).findByTestId('preview-limit-note')).toBeTruthy();
    expect(within(dialog).getByTestId('preview-limit-note').textContent).toBe(
      'Showing the first 200 of 3000 rows, rows with errors first.',
    );
    const drawn = within(dialog).getAllByTestId(/preview-row/);
    expect(drawn).toHaveLength(200);
    expect(within(drawn[0]!).getByText('2502')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Import 2999 students' })).toBeTruthy();
  });

  it('shows the note on a name a spreadsheet would run as a formula beside its Ready status', async () => {
    serve({ rows: [{ ...row(2), name: '=1+2', notes: [FORMULA_NOTE] }], valid: 1, invalid: 0 }, []);
    renderPage(<ManageStudentsPage />, '/c-cpp/manage-students');
    const dialog = await chooseAndPreview('=1+2,s2@example.com,');
    const drawn = await within(dialog).findByTestId('preview-row-valid');
    expect(within(drawn).getByText('Ready')).toBeTruthy();
    expect(within(drawn).getByText(FORMULA_NOTE)).toBeTruthy();
  });

  it("shows the server's refusal of a file", async () => {
    serveApi(guide, (url, init) => {
      if (url.endsWith('/api/batches')) return json(200, { batches: [] });
      if (url.endsWith('/api/students') && init?.method === 'GET') return json(200, { students: [] });
      if (url.endsWith('/import/preview')) return json(400, { type: 'VALIDATION', message: 'The file has no rows.' });
    });
    renderPage(<ManageStudentsPage />, '/c-cpp/manage-students');
    const dialog = await chooseAndPreview('name,email,batch\n');
    expect(await within(dialog).findByText('The file has no rows.')).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByText(/valid/)).toBeNull());
  });
});
