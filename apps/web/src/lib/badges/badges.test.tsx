import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { badges } from '@learn/shared';
import { badgeIconKind, BadgeIcon } from './badge-icon';
import { useBadgeAwards } from './badge-dialog';

describe('BadgeIcon', () => {
  it.each([
    ['FootprintsIcon', 'footprints'],
    ['TargetIcon', 'target'],
    ['FeatherIcon', 'feather'],
    ['GraduationCapIcon', 'graduation-cap'],
    ['BugIcon', 'bug'],
    ['TrophyIcon', 'medal'],
    ['', 'medal'],
  ])('%s draws a %s', (icon, kind) => {
    expect(badgeIconKind(icon)).toBe(kind);
    const { container } = render(<BadgeIcon icon={icon} />);
    expect(container.querySelector(`svg[data-badge-icon="${kind}"]`)).toBeTruthy();
  });
});

describe('useBadgeAwards', () => {
  it('shows each award once, one after another', async () => {
    const wrapper = ({ children }: { children: React.ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;
    function Harness({ onReady }: { onReady: (announce: ReturnType<typeof useBadgeAwards>['announce']) => void }) {
      const { announce, dialog } = useBadgeAwards();
      onReady(announce);
      return <>{dialog}</>;
    }
    let announce!: ReturnType<typeof useBadgeAwards>['announce'];
    render(<Harness onReady={(a) => (announce = a)} />, { wrapper });
    const first = { ...badges[0]!, awardedAt: '2026-02-01T00:00:00Z' };
    const grad = { ...badges[3]!, awardedAt: '2026-02-01T00:00:00Z' };
    act(() => announce([first, grad]));
    expect(await screen.findByRole('dialog', { name: 'Achievement Unlocked!' })).toBeTruthy();
    expect(screen.getByText('First Steps')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Awesome!' }));
    expect(await screen.findByText('C Graduate')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Awesome!' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The same awards again (a repeated response) do not reopen the dialog.
    act(() => announce([first, grad]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
