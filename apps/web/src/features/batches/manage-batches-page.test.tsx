import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BatchRow } from '@learn/shared';
import ManageBatchesPage from './manage-batches-page';
import { FALLBACK_KEY, FALLBACK_TIMESTAMP_KEY } from './lib/fallback';
import { guide, json, renderPage, serveApi } from '../../test/render-page';

const healthy = { success: true, message: 'API is working', database: { connection: 'successful', batch_count: 2 } };
const down = { success: false, message: 'Database connection failed', database: { connection: 'failed', batch_count: 0 } };

function seed(): BatchRow[] {
  return [
    { id: 'b1', name: 'Spring 2024', studentCount: 3 },
    { id: 'b2', name: 'Summer 2024', studentCount: 1 },
  ];
}

const calls = (fetchMock: ReturnType<typeof serveApi>, method: string, part: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).includes(part) && (init?.method ?? 'GET') === method);

describe('Batches page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists batches with student counts, reads Connected and keeps the list as the fallback copy', async () => {
    serveApi(guide, (url) => {
      if (url.includes('test_api.php')) return json(200, healthy);
      if (url.endsWith('/api/batches')) return json(200, { batches: seed() });
    });
    renderPage(<ManageBatchesPage />, '/c-cpp/manage-batches');
    expect(screen.getByRole('heading', { name: 'Batches' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Batches' });
    expect(within(table).getByText('Spring 2024')).toBeTruthy();
    expect(within(table).getByText('3 students')).toBeTruthy();
    expect(within(table).getByText('1 student')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status', { name: /Server connection: Connected/ })).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Create Batch' }) as HTMLButtonElement).disabled).toBe(false);
    expect(JSON.parse(localStorage.getItem(FALLBACK_KEY)!)).toEqual(seed());
    expect(localStorage.getItem(FALLBACK_TIMESTAMP_KEY)).toMatch(/^\d{4}-/);
  });

  it("shows 'No batches created yet.' and requires a name", async () => {
    const fetchMock = serveApi(guide, (url) => {
      if (url.includes('test_api.php')) return json(200, healthy);
      if (url.endsWith('/api/batches')) return json(200, { batches: [] });
    });
    renderPage(<ManageBatchesPage />, '/c-cpp/manage-batches');
    expect(await screen.findByText('No batches created yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create Batch' }));
    expect(await screen.findByText('Batch name is required')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/api/batches')).toHaveLength(0);
  });

  it("adds at once, says 'Batch Added', then reloads the list", async () => {
    let list = seed();
    let release!: () => void;
    const fetchMock = serveApi(guide, async (url, init) => {
      if (url.includes('test_api.php')) return json(200, healthy);
      if (url.endsWith('/api/batches') && init?.method === 'POST') {
        await new Promise<void>((r) => (release = r));
        const { name } = JSON.parse(init.body as string) as { name: string };
        list = [...list, { id: 'b3', name, studentCount: 0 }];
        return json(201, { batch: list[2] });
      }
      if (url.endsWith('/api/batches')) return json(200, { batches: list });
    });
    renderPage(<ManageBatchesPage />, '/c-cpp/manage-batches');
    await screen.findByText('Spring 2024');
    await waitFor(() => expect(screen.getByRole('status', { name: /Connected/ })).toBeTruthy());
    fireEvent.change(screen.getByLabelText(/Batch name/), { target: { value: '  Winter 2026 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Batch' }));
    // Shown before the server has answered.
    expect(await screen.findByText('Winter 2026')).toBeTruthy();
    expect(calls(fetchMock, 'GET', '/api/batches')).toHaveLength(1);
    release();
    expect(await screen.findByText('Batch Added')).toBeTruthy();
    expect((screen.getByLabelText(/Batch name/) as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/batches')).toHaveLength(2));
    expect(JSON.parse(calls(fetchMock, 'POST', '/api/batches')[0]![1]!.body as string)).toEqual({ name: 'Winter 2026' });
  });

  /** Opens the page, types `name` and presses Create Batch; the server answers the POST with `answer`. */
  async function addAnswered(name: string, answer: Response) {
    const fetchMock = serveApi(guide, (url, init) => {
      if (url.includes('test_api.php')) return json(200, healthy);
      if (url.endsWith('/api/batches') && init?.method === 'POST') return answer;
      if (url.endsWith('/api/batches')) return json(200, { batches: seed() });
    });
    renderPage(<ManageBatchesPage />, '/c-cpp/manage-batches');
    await screen.findByText('Spring 2024');
    await waitFor(() => expect(screen.getByRole('status', { name: /Connected/ })).toBeTruthy());
    const input = screen.getByLabelText(/Batch name/) as HTMLInputElement;
    fireEvent.change(input, { target: { value: name } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Batch' }));
    return { fetchMock, input };
  }

  it('keeps a refused name in the field and says what is wrong (409 duplicate), not "try again"', async () => {
    const duplicate = json(409, { type: 'CONFLICT', message: 'A batch with this name already exists.' });
    const { fetchMock, input } = await addAnswered('Spring 2024', duplicate);
    expect(await screen.findByText('Failed to Add Batch')).toBeTruthy();
    // In the toast and under the field, which still holds what was typed.
    await waitFor(() => expect(screen.getAllByText('A batch with this name already exists.')).toHaveLength(2));
    expect(screen.queryByText(/An error occurred while adding the batch/)).toBeNull();
    expect(input.value).toBe('Spring 2024');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(calls(fetchMock, 'POST', '/api/batches')).toHaveLength(1);
    // Correcting the name clears the stale reason under the field.
    fireEvent.change(input, { target: { value: 'Spring 2024 B' } });
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('keeps the name and asks to try again when the server fails (500)', async () => {
    const { input } = await addAnswered('Winter 2026', json(500, { type: 'SERVER', message: 'Server error occurred' }));
    expect(await screen.findByText('An error occurred while adding the batch. Please try again.')).toBeTruthy();
    expect(input.value).toBe('Winter 2026');
  });

  it('asks before deleting, says students become unassigned, and rolls back with the failure toast', async () => {
    let release!: () => void;
    const fetchMock = serveApi(guide, async (url, init) => {
      if (url.includes('test_api.php')) return json(200, healthy);
      if (url.endsWith('/api/batches/b1') && init?.method === 'DELETE') {
        await new Promise<void>((r) => (release = r));
        return json(409, { type: 'CONFLICT', message: 'Batch is locked' });
      }
      if (url.endsWith('/api/batches')) return json(200, { batches: seed() });
    });
    renderPage(<ManageBatchesPage />, '/c-cpp/manage-batches');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Spring 2024' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete batch' });
    expect(dialog.textContent).toContain('Its 3 students will become unassigned.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Batch' }));
    await waitFor(() => expect(screen.queryByText('Spring 2024')).toBeNull());
    release();
    expect(await screen.findByText('Failed to Delete Batch')).toBeTruthy();
    expect(await screen.findByText('Spring 2024')).toBeTruthy();
    // The server's reason, in the toast and in the page's alert; no "try again" for a refusal.
    expect(screen.getAllByText('Batch is locked')).toHaveLength(2);
    expect(screen.queryByText(/Please try again/)).toBeNull();
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/batches').length).toBeGreaterThanOrEqual(2));
  });

  it('renames in a modal and rolls back when the server refuses', async () => {
    const fetchMock = serveApi(guide, (url, init) => {
      if (url.includes('test_api.php')) return json(200, healthy);
      if (url.endsWith('/api/batches/b2') && init?.method === 'PATCH')
        return json(409, { type: 'CONFLICT', message: 'A batch with this name already exists.' });
      if (url.endsWith('/api/batches')) return json(200, { batches: seed() });
    });
    renderPage(<ManageBatchesPage />, '/c-cpp/manage-batches');
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Summer 2024' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename batch' });
    const input = within(dialog).getByLabelText(/Batch name/) as HTMLInputElement;
    expect(input.value).toBe('Summer 2024');
    fireEvent.change(input, { target: { value: 'Spring 2024' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to Update Batch')).toBeTruthy();
    expect(screen.getAllByText('A batch with this name already exists.')).toHaveLength(2);
    expect(screen.queryByText(/Please try again/)).toBeNull();
    expect(await screen.findByText('Summer 2024')).toBeTruthy();
    expect(JSON.parse(calls(fetchMock, 'PATCH', '/api/batches/b2')[0]![1]!.body as string)).toEqual({ name: 'Spring 2024' });
  });

  it('on a failed connection disables Create Batch and shows the saved list read-only', async () => {
    let healthyNow = false;
    serveApi(guide, (url) => {
      if (url.includes('test_api.php')) return healthyNow ? json(200, healthy) : json(503, down);
      if (url.endsWith('/api/batches')) return new Promise<Response>(() => {});
    });
    renderPage(<ManageBatchesPage />, '/c-cpp/manage-batches');
    localStorage.setItem(FALLBACK_KEY, JSON.stringify(seed()));
    localStorage.setItem(FALLBACK_TIMESTAMP_KEY, '2025-03-12T10:30:00.000Z');
    await waitFor(() => expect(screen.getByRole('status', { name: /Connection Failed/ })).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Create Batch' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Apply Fallback Data' }));
    const saved = await screen.findByRole('region', { name: 'Saved batch list (read-only)' });
    expect(within(saved).getByText('Spring 2024')).toBeTruthy();
    expect(within(saved).getByText(/Saved on .*2025/)).toBeTruthy();
    expect(within(saved).queryByRole('button', { name: /Delete/ })).toBeNull();
    healthyNow = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry Connection' }));
    await waitFor(() => expect(screen.getByRole('status', { name: /Connected/ })).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Create Batch' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("reports 'Error Applying Fallback' when the saved copy is unreadable", async () => {
    serveApi(guide, (url) => {
      if (url.includes('test_api.php')) return json(503, down);
      if (url.endsWith('/api/batches')) return new Promise<Response>(() => {});
    });
    renderPage(<ManageBatchesPage />, '/c-cpp/manage-batches');
    localStorage.setItem(FALLBACK_KEY, '{not json');
    fireEvent.click(await screen.findByRole('button', { name: 'Apply Fallback Data' }));
    expect(await screen.findByText('Error Applying Fallback')).toBeTruthy();
  });
});
