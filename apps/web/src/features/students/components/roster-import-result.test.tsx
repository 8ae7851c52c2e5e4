import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { RosterImportResult } from '@learn/shared';
import { ResultStep } from './roster-import-result';

const result: RosterImportResult = {
  created: [
    { name: 'Ada Lovelace', email: 'ada@example.com', batch: 'Spring', password: 'Xy7pQ2rs' },
    { name: 'Alan Turing', email: 'alan@example.com', batch: 'Spring', password: 'Tm4kL9wz' },
  ],
  skipped: 0,
} as RosterImportResult;

function Harness({ onClose }: { onClose: () => void }) {
  const [saved, setSaved] = useState(false);
  return (
    <MantineProvider env="test">
      <ResultStep result={result} saved={saved} onSaved={() => setSaved(true)} onClose={onClose} />
    </MantineProvider>
  );
}

describe('roster import result', () => {
  it('shows each new password in the dialog and warns before closing with passwords not yet saved', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const table = screen.getByRole('table', { name: 'New students and their passwords' });
    expect(table.textContent).toContain('Xy7pQ2rs');
    expect(table.textContent).toContain('Tm4kL9wz');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText('The passwords are not saved yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close anyway' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('copies the passwords, after which Done closes at once', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy passwords' }));
    await screen.findByText('Copied.');
    expect(writeText).toHaveBeenCalledWith('Ada Lovelace\tada@example.com\tXy7pQ2rs\nAlan Turing\talan@example.com\tTm4kL9wz');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
