import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GuideListItem, GuideRow } from '@learn/shared';
import ManageMatesPage from './manage-mates-page';
import { guide, json, renderPage, serveApi } from '../../test/render-page';

const self: GuideListItem = {
  id: guide.id,
  name: guide.name,
  email: guide.email,
  role: 'guide',
  lastLogin: '2025-03-01T09:00:00.000Z',
  createdAt: '',
  abilities: { remove: false, removeReason: 'You cannot remove your own account.' },
};
const linus: GuideListItem = {
  id: 'user_guide_2',
  name: 'Linus Mate',
  email: 'linus@example.com',
  role: 'guide',
  lastLogin: null,
  createdAt: '',
  abilities: { remove: true },
};
/** What the server sends when Linus is the only mate left (spec 5). */
const lastLinus: GuideListItem = { ...linus, abilities: { remove: false, removeReason: 'Cannot remove the last mate account.' } };

type Route = (url: string, init?: RequestInit) => Response | undefined;
function serve(list: GuideListItem[], extra: Route = () => undefined) {
  return serveApi(
    guide,
    (url, init) => extra(url, init) ?? (url.endsWith('/api/guides') && init?.method === 'GET' ? json(200, { guides: list }) : undefined),
  );
}
const calls = (f: ReturnType<typeof vi.fn>, method: string) =>
  f.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === method);
const open = () => renderPage(<ManageMatesPage />, '/c-cpp/manage-guides');

describe('ManageMatesPage', () => {
  it('lists the mates, marks the signed-in one "(you)" and refuses to remove it without calling', async () => {
    const fetchMock = serve([self, linus]);
    open();
    const rows = await screen.findAllByTestId('mate-row');
    expect(within(rows[0]!).getByText('(you)')).toBeTruthy();
    expect(within(rows[1]!).queryByText('(you)')).toBeNull();
    expect(within(rows[1]!).getByText('Never')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `Remove ${self.name}` }));
    expect(await screen.findByText('You cannot remove your own account.')).toBeTruthy();
    // One warning: the one that applies.
    expect(screen.getAllByText('Cannot Remove')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls(fetchMock, 'DELETE')).toHaveLength(0);
  });

  it('warns that the last mate cannot be removed', async () => {
    const fetchMock = serve([lastLinus]);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Linus Mate' }));
    expect(await screen.findByText('Cannot remove the last mate account.')).toBeTruthy();
    expect(calls(fetchMock, 'DELETE')).toHaveLength(0);
  });

  it('removes another mate after the exact confirmation, and shows a server refusal', async () => {
    let refuse = false;
    const fetchMock = serve([self, linus], (url, init) =>
      init?.method === 'DELETE'
        ? refuse
          ? json(409, { type: 'CONFLICT', message: 'Cannot remove the last mate account.' })
          : json(200, { success: true })
        : undefined,
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Linus Mate' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove mate' });
    expect(within(dialog).getByText('Are you sure you want to remove Linus Mate? This action cannot be undone.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Guide removed successfully')).toBeTruthy();
    expect(String(calls(fetchMock, 'DELETE')[0]![0])).toMatch(/\/api\/guides\/user_guide_2$/);

    refuse = true;
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove mate' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Remove Linus Mate' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove mate' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Failed to remove mate: Cannot remove the last mate account.')).toBeTruthy();
    expect(screen.getByText('Remove Failed')).toBeTruthy();
  });

  it('adds a mate and shows the password once', async () => {
    const created: GuideRow = { ...linus, id: 'user_guide_3', name: 'New Mate', email: 'new@example.com' };
    const fetchMock = serve([self], (url, init) =>
      init?.method === 'POST' ? json(201, { user: created, password: 'Gp8sX2qa' }) : undefined,
    );
    open();
    await screen.findAllByTestId('mate-row');
    const form = screen.getByRole('form', { name: 'Add mate' });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'New Mate' } });
    fireEvent.change(within(form).getByLabelText(/^Email/), { target: { value: 'New@Example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Mate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mate added' });
    expect(within(dialog).getByTestId('shown-password').textContent).toBe('Gp8sX2qa');
    expect(within(dialog).getByTestId('shown-email').textContent).toBe('new@example.com');
    expect(await screen.findByText('Guide added successfully')).toBeTruthy();
    expect(JSON.parse((calls(fetchMock, 'POST')[0]![1] as RequestInit).body as string)).toEqual({
      name: 'New Mate',
      email: 'new@example.com',
    });
  });

  it("keeps the typing and shows the server's message when adding fails", async () => {
    serve([self], (url, init) =>
      init?.method === 'POST' ? json(409, { type: 'CONFLICT', message: 'A user with this email already exists.' }) : undefined,
    );
    open();
    await screen.findAllByTestId('mate-row');
    const form = screen.getByRole('form', { name: 'Add mate' });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Dup' } });
    fireEvent.change(within(form).getByLabelText(/^Email/), { target: { value: 'guide@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Mate' }));
    expect(await within(form).findByText('Failed to add mate: A user with this email already exists.')).toBeTruthy();
    expect(screen.getByText('Add Failed', { selector: '.mantine-Notification-title' })).toBeTruthy();
    expect((within(form).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Dup');
  });

  it('edits a mate without a password unless one is typed, and resets a password after confirming', async () => {
    const fetchMock = serve([self, linus], (url, init) => {
      if (init?.method === 'PATCH') return json(200, { user: linus });
      if (init?.method === 'POST' && url.endsWith('/reset-password')) return json(200, { password: 'R3setPw9' });
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Linus Mate' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Linus Mate' });
    fireEvent.change(within(edit).getByLabelText(/^Name/), { target: { value: 'Linus T' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Guide updated successfully')).toBeTruthy();
    expect(JSON.parse((calls(fetchMock, 'PATCH')[0]![1] as RequestInit).body as string)).toEqual({
      name: 'Linus T',
      email: 'linus@example.com',
    });

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Linus Mate' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Reset password of Linus Mate' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Reset password?' })).getByRole('button', { name: 'Reset password' }));
    const shown = await screen.findByRole('dialog', { name: 'New password' });
    expect(within(shown).getByTestId('shown-password').textContent).toBe('R3setPw9');
  });

  it('shows a load failure with Retry', async () => {
    serve([], (url, init) =>
      url.endsWith('/api/guides') && init?.method === 'GET' ? json(403, { type: 'AUTHORIZATION', message: 'Access denied' }) : undefined,
    );
    open();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error loading mates')).toBeTruthy();
    expect(within(alert).getByText('Access denied')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
