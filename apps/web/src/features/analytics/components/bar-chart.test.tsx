import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { BarChart } from './bar-chart';

const chart = (bars: { label: string; value: number }[]) =>
  render(
    <MantineProvider>
      <BarChart title="Homework grades" valueLabel="Submissions" empty="No homework has been graded yet." bars={bars} />
    </MantineProvider>,
  );

describe('BarChart', () => {
  it('draws a bar per value, described for screen readers, with the same figures as a table', () => {
    chart([
      { label: 'A', value: 3 },
      { label: 'B', value: 0 },
      { label: 'C', value: 1 },
    ]);
    expect(screen.getByRole('img').querySelectorAll('rect')).toHaveLength(3);
    expect(screen.getByRole('img').textContent).toContain('3 bars, 4 in all, highest 3.');
    fireEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(screen.getByRole('cell', { name: 'C' }).nextElementSibling?.textContent).toBe('1');
  });

  it('says there is nothing yet instead of drawing empty axes', () => {
    chart([
      { label: 'A', value: 0 },
      { label: 'B', value: 0 },
    ]);
    expect(screen.getByText('No homework has been graded yet.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show as table' })).toBeNull();
    expect(screen.getByRole('figure', { name: 'Homework grades' })).toBeTruthy();
  });
});
