import { useId, useState } from 'react';
import { Button, Group, Stack, Table, Text } from '@mantine/core';

export interface Bar {
  label: string;
  value: number;
}

/**
 * A small SVG bar chart with a data-table alternative: the SVG has a title and a summary for screen readers,
 * and a button switches to the same figures as a table. With nothing to draw, a sentence instead of empty axes.
 */
export function BarChart({
  title,
  bars,
  valueLabel,
  empty,
  color = '#1c7ed6',
}: {
  title: string;
  bars: Bar[];
  valueLabel: string;
  /** What the chart says instead of empty axes when every value is 0. */
  empty: string;
  color?: string;
}) {
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  const max = Math.max(1, ...bars.map((b) => b.value));
  const width = 640;
  const height = 180;
  const barW = bars.length ? width / bars.length : width;
  const total = bars.reduce((s, b) => s + b.value, 0);
  if (total === 0)
    return (
      <Stack gap={6} component="figure" m={0} aria-labelledby={`${id}-t`}>
        <Text id={`${id}-t`} fw={600} component="figcaption">
          {title}
        </Text>
        <Text c="gray.7" size="sm" py="md" ta="center" bd="1px dashed var(--mantine-color-gray-4)" style={{ borderRadius: 8 }}>
          {empty}
        </Text>
      </Stack>
    );
  return (
    <Stack gap={6} component="figure" m={0} aria-labelledby={`${id}-t`}>
      <Group justify="space-between" gap="xs">
        <Text id={`${id}-t`} fw={600} component="figcaption">
          {title}
        </Text>
        <Button size="compact-xs" variant="subtle" color="gray.8" onClick={() => setAsTable((v) => !v)} aria-pressed={asTable}>
          {asTable ? 'Show chart' : 'Show as table'}
        </Button>
      </Group>
      {asTable ? (
        <Table withTableBorder striped fz="sm" aria-labelledby={`${id}-t`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Item</Table.Th>
              <Table.Th scope="col">{valueLabel}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bars.map((b) => (
              <Table.Tr key={b.label}>
                <Table.Td>{b.label}</Table.Td>
                <Table.Td>{b.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <svg viewBox={`0 0 ${width} ${height + 20}`} width="100%" role="img" aria-labelledby={`${id}-t ${id}-d`} style={{ maxHeight: 220 }}>
          <desc id={`${id}-d`}>
            {bars.length} bars, {total} in all, highest {max}. Use “Show as table” for every value.
          </desc>
          <line x1={0} y1={height} x2={width} y2={height} stroke="#868e96" />
          {bars.map((b, i) => {
            const h = (b.value / max) * (height - 14);
            return (
              <g key={b.label}>
                <rect x={i * barW + barW * 0.15} y={height - h} width={barW * 0.7} height={h} fill={color}>
                  <title>{`${b.label}: ${b.value}`}</title>
                </rect>
                {bars.length <= 12 && (
                  <text x={i * barW + barW / 2} y={height + 14} fontSize={11} textAnchor="middle" fill="#495057">
                    {b.label}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
    </Stack>
  );
}
