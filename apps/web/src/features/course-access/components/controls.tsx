import { useState } from 'react';
import { Button, Group, NumberInput, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { AccessMatrix, BatchRow, CourseSummary } from '@learn/shared';

/** Switches the course of this prefix (C or C++); hidden when the prefix has one course. */
export function CoursePicker({
  courses,
  value,
  onChange,
  disabled,
}: {
  courses: CourseSummary[];
  value: string | undefined;
  onChange: (id: string) => void;
  disabled?: boolean;
}) {
  if (courses.length < 2) return null;
  return (
    <Select
      label="Course"
      data={courses.map((c) => ({ value: c.id, label: c.title }))}
      value={value ?? null}
      onChange={(v) => v && v !== value && onChange(v)}
      allowDeselect={false}
      disabled={disabled}
      description={disabled ? 'Save or discard your changes to switch course' : undefined}
      w={{ base: '100%', sm: 260 }}
    />
  );
}

export const ALL = '__all__';
export const UNASSIGNED = '__none__';

/** Which students the grid shows: by batch and by name. */
export function StudentFilters({
  batches,
  batch,
  onBatch,
  search,
  onSearch,
}: {
  batches: BatchRow[];
  batch: string;
  onBatch: (v: string) => void;
  search: string;
  onSearch: (v: string) => void;
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Show batch"
        data={[
          { value: ALL, label: 'All batches' },
          ...batches.map((b) => ({ value: b.id, label: b.name })),
          { value: UNASSIGNED, label: 'Unassigned' },
        ]}
        value={batch}
        onChange={(v) => onBatch(v ?? ALL)}
        allowDeselect={false}
        w={{ base: '100%', xs: 200 }}
      />
      <TextInput
        label="Find a student"
        placeholder="Name"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        w={{ base: '100%', xs: 220 }}
      />
    </Group>
  );
}

/** Grant or revoke one kind for a whole batch over a range of days. */
export function BatchRangeAction({
  batches,
  lectures,
  kindLabel,
  studentCount,
  onApply,
}: {
  batches: BatchRow[];
  lectures: AccessMatrix['lectures'];
  kindLabel: string;
  studentCount: (batchId: string) => number;
  onApply: (batchId: string, fromDay: number, toDay: number, granted: boolean) => void;
}) {
  const firstDay = lectures[0]?.day ?? 1;
  const lastDay = lectures[lectures.length - 1]?.day ?? 1;
  const [batchId, setBatchId] = useState<string | null>(null);
  const [from, setFrom] = useState<number>(firstDay);
  const [to, setTo] = useState<number>(lastDay);
  const lo = Math.min(from, to);
  const hi = Math.max(from, to);
  const inBatch = batchId ? studentCount(batchId) : 0;
  const ready = batchId !== null && inBatch > 0;

  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-labelledby="batch-access-heading">
      <Stack gap="xs">
        <Title order={2} size="h5" id="batch-access-heading">
          Batch access: {kindLabel}
        </Title>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Batch"
            placeholder="Choose a batch"
            data={batches.map((b) => ({ value: b.id, label: b.name }))}
            value={batchId}
            onChange={setBatchId}
            w={{ base: '100%', xs: 200 }}
          />
          <NumberInput
            label="From day"
            min={firstDay}
            max={lastDay}
            value={from}
            onChange={(v) => setFrom(typeof v === 'number' ? v : firstDay)}
            w={110}
          />
          <NumberInput
            label="To day"
            min={firstDay}
            max={lastDay}
            value={to}
            onChange={(v) => setTo(typeof v === 'number' ? v : lastDay)}
            w={110}
          />
          <Group gap="xs">
            <Button variant="light" color="teal.8" disabled={!ready} onClick={() => batchId && onApply(batchId, lo, hi, true)}>
              Grant to batch
            </Button>
            <Button variant="light" color="red.8" disabled={!ready} onClick={() => batchId && onApply(batchId, lo, hi, false)}>
              Revoke from batch
            </Button>
          </Group>
        </Group>
        {batchId && (
          <Text size="sm" c="gray.7">
            {inBatch === 0 ? 'This batch has no students.' : `Days ${lo}-${hi} for ${inBatch} ${inBatch === 1 ? 'student' : 'students'}.`}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
