import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BatchRow, StudentRow } from '@learn/shared';
import ManageStudentsPage from './manage-students-page';
import { guide, json, renderPage, serveApi } from '../../test/render-page';

const batches: BatchRow[] = [
  { id: 'batch_spring_2024', name: 'Spring 2024', studentCount: 1 },
  { id: 'batch_fall_2025', name: 'Fall 2025', studentCount: 0 },
];
const ada: StudentRow = {
  id: 'user_student_1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'student',
  batchId: 'batch_spring_2024',
  batchName: 'Spring 2024',
  lastLogin: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const bob: StudentRow = {
  ...ada,
  id: 'user_student_2',
  name: 'Bob Byte',
  email: 'bob@example.com',
  batchId: null,
  batchName: null,
  lastLogin: '2025-03-01T09:00:00.000Z',
};

type Route = (url: string, init?: RequestInit) => Response | undefined;

function serve(list: StudentRow[], extra: Route = () => undefined) {
  return serveApi(guide, (url, init) => {
    const hit = extra(url, init);
    if (hit) return hit;
    if (url.endsWith('/api/batches')) return json(200, { batches });
    if (url.endsWith('/api/students') && (init?.method ?? 'GET') === 'GET') return json(200, { students: list });
  });
}

const calls = (f: ReturnType<typeof vi.fn>, method: string, path: string) =>
  f.mock.calls.filter(([url, init]) => String(url).endsWith(path) && (init as RequestInit | undefined)?.method === method);
const bodyOf = (call: unknown[] | undefined) => JSON.parse((call![1] as RequestInit).body as string) as unknown;
const open = () => renderPage(<ManageStudentsPage />, '/c-cpp/manage-students');

describe('ManageStudentsPage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the roster with batch and last login, and filters by search and batch', async () => {
    serve([ada, bob]);
    open();
    const rows = await screen.findAllByTestId('student-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Spring 2024')).toBeTruthy();
    expect(within(rows[0]!).getByText('Never')).toBeTruthy();
    expect(within(rows[1]!).getByText('No batch')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'BOB@' } });
    await waitFor(() => expect(screen.getAllByTestId('student-row')).toHaveLength(1));
    expect(screen.getByText('Bob Byte')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'nobody' } });
    expect(await screen.findByText('No students match your search.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('combobox', { name: 'Filter by batch' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Spring 2024' }));
    await waitFor(() => expect(screen.getAllByTestId('student-row')).toHaveLength(1));
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
  });

  it("shows the spec's empty state", async () => {
    serve([]);
    open();
    expect(await screen.findByText('No students enrolled yet')).toBeTruthy();
  });

  it("shows 'Error loading students' with the detail, and Retry loads again", async () => {
    let fail = true;
    const fetchMock = serve([], (url, init) =>
      url.endsWith('/api/students') && init?.method === 'GET' && fail
        ? json(403, { type: 'AUTHORIZATION', message: 'Access denied' })
        : undefined,
    );
    open();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error loading students')).toBeTruthy();
    expect(within(alert).getByText('Access denied')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No students enrolled yet')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/api/students')).length).toBeGreaterThanOrEqual(2);
  });

  it('adds a student with a batch and shows the generated password once, with a 2 s copy confirmation', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const created: StudentRow = {
      ...ada,
      id: 'user_student_9',
      name: 'Cy Coder',
      email: 'cy@example.com',
      batchId: 'batch_fall_2025',
      batchName: 'Fall 2025',
    };
    const fetchMock = serve([ada], (url, init) =>
      url.endsWith('/api/students') && init?.method === 'POST' ? json(201, { user: created, password: 'Xy7pQ2rs' }) : undefined,
    );
    open();
    await screen.findAllByTestId('student-row');
    const form = screen.getByRole('form', { name: 'Add student' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Student' }));
    expect(await within(form).findByText('Name is required')).toBeTruthy();
    expect(within(form).getByText('Email is required')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/api/students')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Cy Coder' } });
    fireEvent.change(within(form).getByLabelText(/^Email/), { target: { value: ' Cy@Example.com ' } });
    fireEvent.click(within(form).getByRole('combobox', { name: 'Batch' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Fall 2025' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add Student' }));

    const dialog = await screen.findByRole('dialog', { name: 'Student added' });
    expect(bodyOf(calls(fetchMock, 'POST', '/api/students')[0])).toEqual({
      name: 'Cy Coder',
      email: 'cy@example.com',
      batchId: 'batch_fall_2025',
    });
    expect(within(dialog).getByTestId('shown-email').textContent).toBe('cy@example.com');
    expect(within(dialog).getByTestId('shown-password').textContent).toBe('Xy7pQ2rs');
    expect(within(dialog).getByText(/will not be shown again/)).toBeTruthy();
    expect(await screen.findByText('Student added successfully')).toBeTruthy();
    expect((within(form).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy password' }));
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('Xy7pQ2rs');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Copy password' })).toBeTruthy(), { timeout: 3000 });
  });

  it("keeps the typing and shows the server's message when adding fails", async () => {
    serve([ada], (url, init) =>
      url.endsWith('/api/students') && init?.method === 'POST'
        ? json(409, { type: 'CONFLICT', message: 'A user with this email already exists.' })
        : undefined,
    );
    open();
    await screen.findAllByTestId('student-row');
    const form = screen.getByRole('form', { name: 'Add student' });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Ada Again' } });
    fireEvent.change(within(form).getByLabelText(/^Email/), { target: { value: 'ada@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Student' }));
    expect(await screen.findByText('Add Failed', { selector: '.mantine-Notification-title' })).toBeTruthy();
    expect(screen.getAllByText('Failed to add student: A user with this email already exists.').length).toBeGreaterThanOrEqual(1);
    expect((within(form).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Ada Again');
    expect((within(form).getByLabelText(/^Email/) as HTMLInputElement).value).toBe('ada@example.com');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('edits a student, sending a password only when one is typed', async () => {
    const fetchMock = serve([ada], (url, init) =>
      url.endsWith(`/api/students/${ada.id}`) && init?.method === 'PATCH' ? json(200, { user: ada }) : undefined,
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Ada Lovelace' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Ada Lovelace' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Ada King' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Student updated successfully')).toBeTruthy();
    expect(bodyOf(calls(fetchMock, 'PATCH', `/api/students/${ada.id}`)[0])).toEqual({
      name: 'Ada King',
      email: 'ada@example.com',
      batchId: 'batch_spring_2024',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Ada Lovelace' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Edit Ada Lovelace' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Ada Lovelace' });
    fireEvent.change(within(dialog).getByLabelText(/^New password/), { target: { value: 'abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Password must be at least 6 characters long')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^New password/), { target: { value: 'secret-99' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls(fetchMock, 'PATCH', `/api/students/${ada.id}`)).toHaveLength(2));
    expect(bodyOf(calls(fetchMock, 'PATCH', `/api/students/${ada.id}`)[1])).toMatchObject({ password: 'secret-99' });
  });

  it('keeps the edit open with the typing and the server message when saving fails', async () => {
    serve([ada], (url, init) =>
      init?.method === 'PATCH' ? json(409, { type: 'CONFLICT', message: 'A user with this email already exists.' }) : undefined,
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ada Lovelace' });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'bob@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Failed to save changes: A user with this email already exists.')).toBeTruthy();
    expect(screen.getByText('Update Failed', { selector: '.mantine-Notification-title' })).toBeTruthy();
    expect((within(dialog).getByLabelText(/^Email/) as HTMLInputElement).value).toBe('bob@example.com');
  });

  it('removes a student after the exact confirmation', async () => {
    const fetchMock = serve([ada], (url, init) => (init?.method === 'DELETE' ? json(200, { success: true }) : undefined));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove student' });
    expect(within(dialog).getByText('Are you sure you want to remove Ada Lovelace? This action cannot be undone.')).toBeTruthy();
    expect(calls(fetchMock, 'DELETE', `/api/students/${ada.id}`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Student removed successfully')).toBeTruthy();
    expect(calls(fetchMock, 'DELETE', `/api/students/${ada.id}`)).toHaveLength(1);
  });

  it("reports a failed removal with the server's reason", async () => {
    serve([ada], (url, init) => (init?.method === 'DELETE' ? json(404, { type: 'NOT_FOUND', message: 'Student not found' }) : undefined));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Ada Lovelace' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Remove student' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Failed to remove student: Student not found')).toBeTruthy();
    expect(screen.getByText('Remove Failed')).toBeTruthy();
  });

  it('resets a password after confirming and shows the new one once', async () => {
    const fetchMock = serve([ada], (url, init) =>
      url.endsWith(`/api/students/${ada.id}/reset-password`) && init?.method === 'POST' ? json(200, { password: 'N3wPassw' }) : undefined,
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Reset password of Ada Lovelace' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset password?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog', { name: 'New password' });
    expect(within(dialog).getByTestId('shown-password').textContent).toBe('N3wPassw');
    expect(within(dialog).getByTestId('shown-email').textContent).toBe('ada@example.com');
    expect(calls(fetchMock, 'POST', `/api/students/${ada.id}/reset-password`)).toHaveLength(1);
  });
});
