import { ActionIcon, Badge, Group, Paper, Select, Stack, Text, Textarea, Title, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { taskTypes, type TaskType } from '@learn/shared';
import type { Grading, TaskField, TaskForm } from '../lib/assignment-form';

const typeLabels: Record<TaskType, string> = { exercise: 'Exercise', homework: 'Homework' };

/** Mantine's default description grey is below 4.5:1 on white. */
const readable = { description: { color: 'var(--mantine-color-gray-7)' } };
const mono = { ...readable, input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13, lineHeight: 1.5 } };
export const taskFieldId = (index: number, field: TaskField) => `task-${index}-${field}`;
const plural = (n: number) => `${n} ${n === 1 ? 'test' : 'tests'}`;

function GradingInfo({ grading }: { grading: Grading }) {
  switch (grading.kind) {
    case 'autograded':
      return (
        <Badge variant="filled" color="teal.9" size="md">
          Autograded · {plural(grading.tests)}
        </Badge>
      );
    case 'manual':
      return (
        <Badge variant="filled" color="gray.7" size="md">
          Graded by hand
        </Badge>
      );
    case 'loses-tests':
      return (
        <Text size="sm" c="orange.9">
          After saving, its {plural(grading.tests)} no longer apply: this task will be graded by hand.
        </Text>
      );
  }
}

export function TaskCard({
  task,
  index,
  grading,
  errors,
  canRemove,
  onChange,
  onRemove,
}: {
  task: TaskForm;
  index: number;
  grading: Grading;
  errors: Partial<Record<TaskField, string>> | undefined;
  canRemove: boolean;
  onChange: (field: TaskField, value: string) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${task.key}-title`} data-testid="task-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm">
            <Title order={2} size="h4" id={`${task.key}-title`}>
              Task {n}
            </Title>
            {(grading.kind === 'autograded' || grading.kind === 'manual') && <GradingInfo grading={grading} />}
          </Group>
          <Tooltip label={canRemove ? `Remove Task ${n}` : 'An assignment has at least one task'}>
            <ActionIcon variant="subtle" color="red.8" onClick={onRemove} disabled={!canRemove} aria-label={`Remove Task ${n}`} size="lg">
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        {grading.kind === 'loses-tests' && <GradingInfo grading={grading} />}
        <Select
          id={taskFieldId(index, 'type')}
          label="Type"
          data={taskTypes.map((t) => ({ value: t, label: typeLabels[t] }))}
          value={task.type}
          onChange={(v) => v && onChange('type', v)}
          allowDeselect={false}
          error={errors?.type}
          w={{ base: '100%', xs: 220 }}
        />
        <Textarea
          id={taskFieldId(index, 'content')}
          label="Content"
          value={task.content}
          onChange={(e) => onChange('content', e.currentTarget.value)}
          error={errors?.content}
          required
          autosize
          minRows={4}
          maxRows={16}
        />
        <Textarea
          id={taskFieldId(index, 'initialCode')}
          label="Starter code"
          description="Optional code the student starts from."
          value={task.initialCode}
          onChange={(e) => onChange('initialCode', e.currentTarget.value)}
          error={errors?.initialCode}
          autosize
          minRows={4}
          maxRows={20}
          spellCheck={false}
          styles={mono}
        />
      </Stack>
    </Paper>
  );
}
