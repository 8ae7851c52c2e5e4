import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { accessKinds, type AccessKind } from '@learn/shared';
import { usePrefix } from '../../lib/course-prefix';
import { useSelectedCourse } from '../../lib/course-selection';
import { toAppError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useAccessMatrix, useBatchNames, useSaveAccess } from './api/access';
import type { GridStudent } from './components/access-grid';
import { ALL, BatchRangeAction, CoursePicker, StudentFilters, UNASSIGNED } from './components/controls';
import { ErrorState, LoadingState } from '../../lib/ui/query-state';
import { useUnsavedChanges } from '../../lib/ui/unsaved-changes';
import { countPending, emptyPending, grantSets, kindLabels, setCells, toChanges, type Pending } from './lib/pending';

const AccessGrid = lazy(() => import('./components/access-grid'));

/** The server takes at most this many changes in one save (the shared schema's limit). */
const MAX_CHANGES = 20_000;

/**
 * Course Access (spec 2, 6): lectures x students, separately for explanations, code and examples, and
 * assignments. Changes collect locally and go to the server as one change set.
 */
export default function CourseAccessPage() {
  const prefix = usePrefix();
  const selection = useSelectedCourse(prefix);
  const courseId = selection.course?.id;
  const matrix = useAccessMatrix(courseId);
  const batchNames = useBatchNames();
  const save = useSaveAccess(courseId ?? '');

  const [kind, setKind] = useState<AccessKind>('explanation');
  const narrow = useMediaQuery('(max-width: 30em)') ?? false;
  const [batchFilter, setBatchFilter] = useState(ALL);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  // Pending changes belong to one course; a different course starts clean.
  const [edit, setEdit] = useState<{ courseId: string | undefined; pending: Pending }>({ courseId, pending: emptyPending() });
  const pending = edit.courseId === courseId ? edit.pending : emptyPending();
  const total = countPending(pending);
  const { dialog } = useUnsavedChanges(total > 0);

  const data = matrix.data;
  const base = useMemo(() => (data ? grantSets(data) : null), [data]);
  const batches = useMemo(() => batchNames.data ?? [], [batchNames.data]);
  const batchName = useMemo(() => new Map(batches.map((b) => [b.id, b.name])), [batches]);

  const students: GridStudent[] = useMemo(() => {
    if (!data) return [];
    const q = deferredSearch.trim().toLowerCase();
    return data.students
      .filter((s) => (batchFilter === ALL ? true : batchFilter === UNASSIGNED ? !s.batchId : s.batchId === batchFilter))
      .filter((s) => !q || s.name.toLowerCase().includes(q))
      .map((s) => ({ id: s.id, name: s.name, batchName: s.batchId ? (batchName.get(s.batchId) ?? null) : null }));
  }, [data, batchFilter, deferredSearch, batchName]);

  const update = useCallback(
    (studentIds: readonly string[], lectureIds: readonly string[], granted: boolean, k: AccessKind = kind) => {
      if (!base) return;
      setEdit((prev) => {
        const current = prev.courseId === courseId ? prev.pending : emptyPending();
        return { courseId, pending: setCells(current, base, k, studentIds, lectureIds, granted) };
      });
    },
    [base, courseId, kind],
  );

  const lectureIds = useMemo(() => data?.lectures.map((l) => l.id) ?? [], [data]);
  const shownIds = useMemo(() => students.map((s) => s.id), [students]);
  const onCell = useCallback((sid: string, lid: string, granted: boolean) => update([sid], [lid], granted), [update]);
  const onStudent = useCallback((sid: string, granted: boolean) => update([sid], lectureIds, granted), [update, lectureIds]);
  const onLecture = useCallback((lid: string, granted: boolean) => update(shownIds, [lid], granted), [update, shownIds]);

  function discard() {
    setEdit({ courseId, pending: emptyPending() });
  }

  function submit() {
    const changes = toChanges(pending);
    save.mutate(changes, {
      onSuccess: ({ applied }) => {
        discard();
        notify({ type: 'success', title: 'Access Updated', message: `${applied} ${applied === 1 ? 'change' : 'changes'} applied.` });
      },
      // The pending changes stay, so the guide can try again.
      onError: (err) => notify({ type: 'error', title: 'Update Failed', message: `Failed to save changes: ${toAppError(err).message}` }),
    });
  }

  const kindLabel = kindLabels[kind];
  let body;
  if (selection.error) body = <ErrorState title="Could not load the courses" error={selection.error} />;
  else if (selection.isLoading) body = <LoadingState label="Loading courses..." />;
  else if (!selection.course) body = <Text c="gray.7">No course is available here yet.</Text>;
  else if (matrix.error)
    body = <ErrorState title="Could not load course access" error={matrix.error} onRetry={() => void matrix.refetch()} />;
  else if (!data || !base) body = <LoadingState label="Loading course access..." />;
  else if (data.students.length === 0) body = <Text c="gray.7">No students enrolled yet</Text>;
  else if (data.lectures.length === 0) body = <Text c="gray.7">This course has no lectures yet.</Text>;
  else
    body = (
      <Stack gap="md">
        <BatchRangeAction
          key={`${courseId}-${kind}`}
          batches={batches}
          lectures={data.lectures}
          kindLabel={kindLabel}
          studentCount={(id) => data.students.filter((s) => s.batchId === id).length}
          onApply={(batchId, from, to, granted) =>
            update(
              data.students.filter((s) => s.batchId === batchId).map((s) => s.id),
              data.lectures.filter((l) => l.day >= from && l.day <= to).map((l) => l.id),
              granted,
            )
          }
        />
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <StudentFilters batches={batches} batch={batchFilter} onBatch={setBatchFilter} search={search} onSearch={setSearch} />
          <Group gap="xs" align="center">
            <Text size="sm" c="gray.7">
              {students.length} of {data.students.length} students shown
            </Text>
            <Button size="xs" variant="default" disabled={students.length === 0} onClick={() => update(shownIds, lectureIds, true)}>
              Select all
            </Button>
            <Button size="xs" variant="default" disabled={students.length === 0} onClick={() => update(shownIds, lectureIds, false)}>
              Select none
            </Button>
          </Group>
        </Group>
        {students.length === 0 ? (
          <Text c="gray.7">No students match these filters.</Text>
        ) : (
          <Suspense fallback={<LoadingState label="Loading the grid..." />}>
            <AccessGrid
              kindLabel={kindLabel}
              lectures={data.lectures}
              students={students}
              base={base[kind]}
              pending={pending[kind]}
              onCell={onCell}
              onStudent={onStudent}
              onLecture={onLecture}
            />
          </Suspense>
        )}
      </Stack>
    );

  return (
    <Stack gap="md" maw={1400}>
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            Course Access
          </Title>
          <Text c="gray.7" mt={4}>
            Grant each student explanations, code and examples, and assignments lecture by lecture.
          </Text>
        </div>
        <CoursePicker courses={selection.courses} value={courseId} onChange={selection.select} disabled={total > 0} />
      </Group>

      <SegmentedControl
        aria-label="Kind of access"
        orientation={narrow ? 'vertical' : 'horizontal'}
        value={kind}
        onChange={(v) => setKind(v as AccessKind)}
        data={accessKinds.map((k) => {
          const n = countPending(pending, k);
          return { value: k, label: n ? `${kindLabels[k]} (${n})` : kindLabels[k] };
        })}
        fullWidth
        style={{ maxWidth: 640 }}
        color="blue.8"
      />

      <Paper
        withBorder
        p="sm"
        radius="md"
        bg={total ? 'yellow.0' : undefined}
        style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height, 0px) + 4px)', zIndex: 5 }}
      >
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" fw={500} c="gray.9" role="status" aria-live="polite">
            {total === 0 ? 'No unsaved changes' : `${total} unsaved ${total === 1 ? 'change' : 'changes'}`}
          </Text>
          <Group gap="xs">
            <Button variant="default" disabled={total === 0 || save.isPending} onClick={discard}>
              Discard
            </Button>
            <Button onClick={submit} disabled={total === 0 || total > MAX_CHANGES} loading={save.isPending}>
              Save changes
            </Button>
          </Group>
        </Group>
        {total > MAX_CHANGES && (
          <Alert color="red" variant="light" mt="xs" p="xs">
            <Text size="sm" c="red.9">
              At most {MAX_CHANGES.toLocaleString()} changes can be saved at once. Save part of them first.
            </Text>
          </Alert>
        )}
      </Paper>

      {body}
      {dialog}
    </Stack>
  );
}
