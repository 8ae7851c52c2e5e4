import { describe, expect, it } from 'vitest';
import { http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { badges } from '@learn/shared';
import { badgeIconKind, BadgeIcon } from './badge-icon';
import { useBadgeAwards } from './badge-dialog';
import { BadgeWatcher } from './badge-watcher';
import { server } from '../../testing/server';
import { reply } from '../../testing/handlers';

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

describe('BadgeWatcher', () => {
  it('shows a badge earned away from the page (First Exam) on the next page, and tells the server it was seen', async () => {
    const firstExam = { ...badges[2]!, awardedAt: '2026-03-01T10:00:00Z' };
    let seen = false;
    server.use(
      http.get('*/api/badges/unseen', () => reply(200, { badges: seen ? [] : [firstExam] })),
      http.post('*/api/badges/:id/seen', ({ params }) => {
        seen = params.id === 'badge_03';
        return reply(200, { seen: true });
      }),
    );
    {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      render(
        <MantineProvider env="test">
          <QueryClientProvider client={client}>
            <MemoryRouter>
              <BadgeWatcher />
            </MemoryRouter>
          </QueryClientProvider>
        </MantineProvider>,
      );
      expect(await screen.findByRole('dialog', { name: 'Achievement Unlocked!' })).toBeTruthy();
      expect(screen.getByText('First Exam')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Awesome!' }));
      await waitFor(() => expect(seen).toBe(true));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
  });
});
