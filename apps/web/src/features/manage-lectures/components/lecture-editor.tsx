import { useEffect, useState } from 'react';
import { Alert, Box, Button, Grid, Group, List, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import type { LectureEditView } from '@learn/shared';
import { toAppError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useSaveLecture } from '../api/lecture-edit';
import {
  fieldLabels,
  INVALID_JSON,
  parseForm,
  sameForm,
  serverFieldErrors,
  toForm,
  type FormField,
  type LectureForm,
} from '../lib/lecture-form';
import { ContentPreview } from './content-preview';

/** Mantine's default description grey is below 4.5:1 on white. */
const readable = { description: { color: 'var(--mantine-color-gray-7)' } };
const mono = { ...readable, input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13, lineHeight: 1.5 } };

const fieldId = (f: FormField) => `lecture-${f}`;

/** Moves the keyboard to the first field at fault; its message is read out with it. */
function focusFirst(errs: Partial<Record<FormField, string>>) {
  const first = (Object.keys(fieldLabels) as FormField[]).find((f) => errs[f]);
  if (first) requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
}

interface Banner {
  title: string;
  message?: string;
  items: string[];
}

/**
 * The lecture's fields as text. The text lives here until a save succeeds: a rejected save (bad JSON, a
 * schema error, a server refusal) leaves every character as typed and marks the field at fault.
 */
export function LectureEditor({
  lecture,
  courseId,
  onDirtyChange,
}: {
  lecture: LectureEditView;
  courseId: string;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const [baseline, setBaseline] = useState<LectureForm>(() => toForm(lecture));
  const [form, setForm] = useState<LectureForm>(baseline);
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [banner, setBanner] = useState<Banner | null>(null);
  const save = useSaveLecture(lecture.id, courseId);
  const dirty = !sameForm(form, baseline);

  useEffect(() => {
    onDirtyChange(dirty);
    return () => onDirtyChange(false);
  }, [dirty, onDirtyChange]);

  const set = (field: FormField) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  const listFor = (errs: Partial<Record<FormField, string>>) =>
    (Object.keys(errs) as FormField[]).map((f) => `${fieldLabels[f]}: ${errs[f]}`);

  function onSave() {
    const result = parseForm(form);
    if (!result.ok) {
      setErrors(result.fieldErrors);
      focusFirst(result.fieldErrors);
      setBanner({ title: result.invalidJson ? INVALID_JSON : 'Please correct the marked fields.', items: listFor(result.fieldErrors) });
      return;
    }
    const submitted = form;
    save.mutate(result.value, {
      onSuccess: (saved) => {
        const next = toForm(saved);
        setBaseline(next);
        // Typing that happened while the save was under way stays; otherwise show what the server stored.
        setForm((current) => (sameForm(current, submitted) ? next : current));
        setErrors({});
        setBanner(null);
        notify({ type: 'success', title: 'Lecture saved', message: `Day ${saved.day}: ${saved.title}` });
      },
      onError: (err) => {
        const e = toAppError(err);
        const fieldErrs = serverFieldErrors(e.fields);
        setErrors(fieldErrs);
        focusFirst(fieldErrs);
        setBanner({ title: 'The lecture was not saved', message: e.message, items: listFor(fieldErrs) });
      },
    });
  }

  const field = (name: FormField) => ({
    id: fieldId(name),
    label: fieldLabels[name],
    value: form[name],
    onChange: set(name),
    error: errors[name],
  });

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <form noValidate aria-label={`Edit Day ${lecture.day}`} onSubmit={(e) => (e.preventDefault(), onSave())}>
          <Stack gap="md">
            <TextInput {...field('title')} required />
            <Textarea {...field('description')} required autosize minRows={2} maxRows={6} />
            <Textarea
              {...field('keyConcepts')}
              description="One per line; blank lines are dropped."
              styles={readable}
              autosize
              minRows={4}
              maxRows={12}
            />
            <Textarea
              {...field('detailedContent')}
              description="A JSON array of blocks: heading, paragraph, list, table, callout, code."
              autosize
              minRows={8}
              maxRows={24}
              spellCheck={false}
              styles={mono}
            />
            <Textarea
              {...field('codeContent')}
              description="A JSON array of blocks, usually code blocks with a heading or paragraph between them."
              autosize
              minRows={8}
              maxRows={24}
              spellCheck={false}
              styles={mono}
            />
            <Textarea
              {...field('quickQuiz')}
              description='A JSON array of questions: {"question", "options" (4), "correctAnswer" (0-3)}.'
              autosize
              minRows={6}
              maxRows={20}
              spellCheck={false}
              styles={mono}
            />
            {banner && (
              <Alert color="red" variant="light" title={banner.title} icon={<IconAlertCircle />} role="alert">
                {banner.message && (
                  <Text size="sm" c="red.9">
                    {banner.message}
                  </Text>
                )}
                {banner.items.length > 0 && (
                  <List size="sm" c="red.9" mt={banner.message ? 'xs' : 0}>
                    {banner.items.map((i) => (
                      <List.Item key={i}>{i}</List.Item>
                    ))}
                  </List>
                )}
              </Alert>
            )}
            <Group justify="space-between" gap="sm">
              <Text size="sm" c={dirty ? 'orange.9' : 'gray.7'} aria-live="polite">
                {dirty ? 'Unsaved changes' : lecture.updatedAt ? 'All changes saved' : 'No changes'}
              </Text>
              <Group gap="sm">
                <Button
                  variant="default"
                  disabled={!dirty || save.isPending}
                  onClick={() => (setForm(baseline), setErrors({}), setBanner(null))}
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
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Box pos={{ base: 'static', lg: 'sticky' }} top={76} mah={{ lg: 'calc(100vh - 92px)' }} style={{ overflowY: 'auto' }}>
          <ContentPreview detailedContent={form.detailedContent} codeContent={form.codeContent} />
        </Box>
      </Grid.Col>
    </Grid>
  );
}
