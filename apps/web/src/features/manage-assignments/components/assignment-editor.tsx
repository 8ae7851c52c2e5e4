import { useEffect, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import type { AssignmentView } from '@learn/shared';
import { toAppError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useSaveAssignment } from '../api/assignment';
import {
  blankTask,
  errorsFromPaths,
  gradingAfterSave,
  MAX_TASKS,
  MIN_TASKS,
  parseTasks,
  sameTasks,
  toForm,
  type FormErrors,
  type TaskField,
  type TaskForm,
} from '../lib/assignment-form';
import { TaskCard, taskFieldId } from './task-card';

/** Moves the keyboard to the first field at fault; its message is read out with it. */
function focusFirst(errors: FormErrors) {
  const index = Object.keys(errors.tasks).map(Number).sort()[0];
  const fields = index === undefined ? undefined : errors.tasks[index];
  const field = fields && (['type', 'content', 'initialCode'] as const).find((f) => fields[f]);
  if (index !== undefined && field) requestAnimationFrame(() => document.getElementById(taskFieldId(index, field))?.focus());
}

/** A lecture's 1-2 tasks. The text stays here until a save succeeds, so a refusal never loses typing. */
export function AssignmentEditor({ assignment, onDirtyChange }: { assignment: AssignmentView; onDirtyChange: (dirty: boolean) => void }) {
  const [saved, setSaved] = useState(assignment);
  const [baseline, setBaseline] = useState<TaskForm[]>(() => toForm(assignment));
  const [tasks, setTasks] = useState<TaskForm[]>(baseline);
  const [errors, setErrors] = useState<FormErrors>({ tasks: {} });
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveAssignment(assignment.lectureId);
  const dirty = !sameTasks(tasks, baseline);

  useEffect(() => {
    onDirtyChange(dirty);
    return () => onDirtyChange(false);
  }, [dirty, onDirtyChange]);

  const change = (index: number, field: TaskField, value: string) => {
    setTasks((ts) => ts.map((t, i) => (i === index ? { ...t, [field]: value } : t)));
    setErrors((e) => ({ ...e, tasks: { ...e.tasks, [index]: { ...e.tasks[index], [field]: undefined } } }));
  };
  const remove = (index: number) => {
    setTasks((ts) => ts.filter((_, i) => i !== index));
    setErrors({ tasks: {} });
  };
  const add = () => setTasks((ts) => (ts.length < MAX_TASKS ? [...ts, blankTask()] : ts));

  function onSave() {
    const result = parseTasks(tasks);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirst(result.errors);
      setFailure('Please correct the marked fields.');
      return;
    }
    const submitted = tasks;
    save.mutate(result.value, {
      onSuccess: (view) => {
        const next = toForm(view);
        setSaved(view);
        setBaseline(next);
        setTasks((current) => (sameTasks(current, submitted) ? next : current));
        setErrors({ tasks: {} });
        setFailure(null);
        notify({ type: 'success', title: 'Assignment saved', message: `Day ${view.day}: ${view.lectureTitle}` });
      },
      onError: (err) => {
        const e = toAppError(err);
        const errs = errorsFromPaths(Object.entries(e.fields));
        setErrors(errs);
        focusFirst(errs);
        setFailure(e.message);
      },
    });
  }

  return (
    <form noValidate aria-label={`Tasks of Day ${saved.day}`} onSubmit={(e) => (e.preventDefault(), onSave())}>
      <Stack gap="md" maw={900}>
        {tasks.map((t, i) => (
          <TaskCard
            key={t.key}
            task={t}
            index={i}
            grading={gradingAfterSave(saved.tasks, t, i)}
            errors={errors.tasks[i]}
            canRemove={tasks.length > MIN_TASKS}
            onChange={(field, value) => change(i, field, value)}
            onRemove={() => remove(i)}
          />
        ))}
        <Group>
          <Button variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={add} disabled={tasks.length >= MAX_TASKS}>
            Add task
          </Button>
          {tasks.length >= MAX_TASKS && (
            <Text size="sm" c="gray.7">
              An assignment has at most two tasks.
            </Text>
          )}
        </Group>
        {(failure || errors.list) && (
          <Alert color="red" variant="light" title="The assignment was not saved" icon={<IconAlertCircle />} role="alert">
            <Text size="sm" c="red.9">
              {failure ?? errors.list}
            </Text>
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Text size="sm" c={dirty ? 'orange.9' : 'gray.7'} aria-live="polite">
            {dirty ? 'Unsaved changes' : 'No unsaved changes'}
          </Text>
          <Group gap="sm">
            <Button
              variant="default"
              disabled={!dirty || save.isPending}
              onClick={() => (setTasks(baseline), setErrors({ tasks: {} }), setFailure(null))}
            >
              Discard changes
            </Button>
            <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
