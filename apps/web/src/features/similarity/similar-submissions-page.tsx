import { useState } from 'react';
import { Button, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { SIMILARITY_MIN_THRESHOLD } from '@learn/shared';
import { usePrefix } from '../../lib/course-prefix';
import { useSelectedCourse } from '../../lib/course-selection';
import { toAppError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { ErrorState, LoadingState } from '../../lib/ui/query-state';
import { useRefreshReport, useSaveThreshold, useSimilarityReport, useSimilarityScopes, useSimilaritySettings } from './api/similarity';
import { PairPanel } from './components/pair-panel';
import { ReportView } from './components/report-view';

function ThresholdSetting({ courseId }: { courseId: string }) {
  const settings = useSimilaritySettings(courseId);
  const save = useSaveThreshold();
  const [value, setValue] = useState<number | string | null>(null);
  if (!settings.data) return null;
  const shown = value ?? Math.round(settings.data.threshold * 100);
  return (
    <Group align="flex-end" gap="xs">
      <NumberInput
        label="Flag pairs from (% similar)"
        description={`For this course; the default is ${Math.round(settings.data.defaultThreshold * 100)}%.`}
        min={SIMILARITY_MIN_THRESHOLD * 100}
        max={100}
        w={220}
        value={shown}
        onChange={setValue}
      />
      <Button
        variant="default"
        loading={save.isPending}
        onClick={() =>
          save.mutate(
            { courseId, threshold: Number(shown) / 100 },
            {
              onSuccess: () => {
                setValue(null);
                notify({ type: 'success', title: 'Threshold saved', message: `Pairs from ${Number(shown)}% similar are flagged.` });
              },
              onError: (err) => notify({ type: 'error', title: 'Threshold not saved', message: toAppError(err).message }),
            },
          )
        }
      >
        Save threshold
      </Button>
    </Group>
  );
}

/**
 * Similar submissions (issue 30, guides): pick a homework task or an exam code/debug question (`?scope=`),
 * see its pairs ranked by similarity while the server compares them, open one side by side, mark it reviewed.
 */
export default function SimilarSubmissionsPage() {
  const prefix = usePrefix();
  const selection = useSelectedCourse(prefix);
  const courseId = selection.course?.id;
  const [params, setParams] = useSearchParams();
  const scope = params.get('scope');
  const [openId, setOpenId] = useState<number | null>(null);
  const scopes = useSimilarityScopes(courseId);
  const report = useSimilarityReport(scope);
  const refresh = useRefreshReport();

  const options = scopes.data?.scopes ?? [];
  const group = (kind: 'homework' | 'exam', label: string) => ({
    group: label,
    items: options
      .filter((s) => s.kind === kind)
      .map((s) => ({
        value: s.scope,
        label: `${s.label} (${s.submissions} ${s.submissions === 1 ? 'submission' : 'submissions'}${s.flagged ? `, ${s.flagged} flagged` : ''})`,
      })),
  });
  const data = [group('homework', 'Homework tasks'), group('exam', 'Exam questions')].filter((g) => g.items.length > 0);

  let body;
  if (selection.error) body = <ErrorState title="Could not load your courses" error={selection.error} />;
  else if (scopes.error) body = <ErrorState title="Could not load the tasks" error={scopes.error} onRetry={() => void scopes.refetch()} />;
  else if (!scope) body = <Text c="gray.7">Choose a homework task or an exam question to compare its submissions.</Text>;
  else if (report.error)
    body = <ErrorState title="Could not load the comparison" error={report.error} onRetry={() => void report.refetch()} />;
  else if (!report.data) body = <LoadingState label="Loading the comparison..." />;
  else
    body = (
      <ReportView
        report={report.data}
        courseId={courseId}
        openId={openId}
        onOpen={setOpenId}
        refreshing={refresh.isPending}
        onRefresh={() =>
          refresh.mutate(scope, { onError: (err) => notify({ type: 'error', title: 'Not started', message: toAppError(err).message }) })
        }
      />
    );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Similar submissions
        </Title>
        <Text c="gray.7" mt={4}>
          Each student&apos;s latest program is compared with every other one&apos;s, ignoring names, comments and layout; the starter code
          and the lesson&apos;s examples are left out.
        </Text>
      </div>
      <Group align="flex-end" wrap="wrap" gap="lg">
        <Select
          label="Task or question"
          placeholder={scopes.isLoading ? 'Loading...' : options.length ? 'Choose one' : 'Nothing handed in yet'}
          data={data}
          value={scope}
          onChange={(v) => {
            setOpenId(null);
            setParams(v ? { scope: v } : {});
          }}
          searchable
          w={{ base: '100%', sm: 420 }}
          disabled={!options.length}
        />
        {courseId && <ThresholdSetting courseId={courseId} />}
      </Group>
      {body}
      {openId !== null && <PairPanel id={openId} onClose={() => setOpenId(null)} />}
    </Stack>
  );
}
