import { useId, useState } from 'react';
import { BarChart as MantineBarChart } from '@mantine/charts';
import { Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
// Only this lazily loaded chunk needs the charts' styles; the page's first load does not carry them.
import '@mantine/charts/styles.layer.css';

export interface Bar {
  label: string;
  value: number;
}

/**
 * A bar chart (Mantine charts on recharts) with axes, axis labels and a tooltip per bar, described for
 * screen readers (a title and a summary), and a button that shows the same figures as a table. With nothing
 * to draw, a sentence instead of empty axes.
 */
export function BarChart({
  title,
  bars,
  valueLabel,
  itemLabel = 'Item',
  empty,
  color = 'blue.8',
}: {
  title: string;
  bars: Bar[];
  valueLabel: string;
  /** The horizontal axis: what each bar is (a lecture, a grade...). */
  itemLabel?: string;
  /** What the chart says instead of empty axes when every value is 0. */
  empty: string;
  color?: string;
}) {
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  const max = Math.max(0, ...bars.map((b) => b.value));
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
  const summary = `${bars.length} bars, ${total} in all, highest ${max}. Use “Show as table” for every value.`;
  return (
    <Stack gap={6} component="figure" m={0} aria-labelledby={`${id}-t`} aria-describedby={`${id}-d`}>
      <Group justify="space-between" gap="xs">
        <Text id={`${id}-t`} fw={600} component="figcaption">
          {title}
        </Text>
        <Button size="compact-xs" variant="subtle" color="gray.8" onClick={() => setAsTable((v) => !v)} aria-pressed={asTable}>
          {asTable ? 'Show chart' : 'Show as table'}
        </Button>
      </Group>
      <VisuallyHidden id={`${id}-d`}>{summary}</VisuallyHidden>
      {asTable ? (
        <Table withTableBorder striped fz="sm" aria-labelledby={`${id}-t`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{itemLabel}</Table.Th>
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
        <MantineBarChart
          h={220}
          data={bars}
          dataKey="label"
          series={[{ name: 'value', label: valueLabel, color }]}
          xAxisLabel={itemLabel}
          yAxisLabel={valueLabel}
          tickLine="y"
          gridAxis="x"
          withTooltip
          tooltipAnimationDuration={150}
          yAxisProps={{ allowDecimals: false, width: 48 }}
          // The figure names and describes the chart; recharts' keyboard layer moves the tooltip bar by bar.
          barChartProps={{ accessibilityLayer: true }}
        />
      )}
    </Stack>
  );
}
