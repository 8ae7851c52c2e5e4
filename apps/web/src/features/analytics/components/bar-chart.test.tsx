import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { BarChart } from './bar-chart';

const chart = (bars: { label: string; value: number }[]) =>
  render(
    <MantineProvider>
      <BarChart title="Homework grades" itemLabel="Grade" valueLabel="Submissions" empty="No homework has been graded yet." bars={bars} />
    </MantineProvider>,
  );

describe('BarChart', () => {
  it('draws the chart, described for screen readers, with the same figures as a table', () => {
    const { container } = chart([
      { label: 'A', value: 3 },
      { label: 'B', value: 0 },
      { label: 'C', value: 1 },
    ]);
    const figure = screen.getByRole('figure', { name: 'Homework grades' });
    expect(figure.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(figure.getAttribute('aria-describedby')!)?.textContent).toBe(
      '3 bars, 4 in all, highest 3. Use “Show as table” for every value.',
    );
    // jsdom lays nothing out, so recharts draws no bars here; the e2e screenshots show them.
    expect(container.querySelector('.recharts-responsive-container')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(screen.getByRole('columnheader', { name: 'Grade' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Submissions' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'C' }).nextElementSibling?.textContent).toBe('1');
    expect(container.querySelector('.recharts-responsive-container')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show chart' }));
    expect(container.querySelector('.recharts-responsive-container')).toBeTruthy();
  });

  it('says there is nothing yet instead of drawing empty axes', () => {
    const { container } = chart([
      { label: 'A', value: 0 },
      { label: 'B', value: 0 },
    ]);
    expect(screen.getByText('No homework has been graded yet.')).toBeTruthy();
    expect(container.querySelector('.recharts-responsive-container')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show as table' })).toBeNull();
    expect(screen.getByRole('figure', { name: 'Homework grades' })).toBeTruthy();
  });
});
