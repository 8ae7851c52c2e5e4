import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { Alert, Center, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { blockSchema, type ContentBlock } from '@learn/shared';

// The renderer pulls in syntax highlighting; load it only when a preview is shown.
const ContentBlocks = lazy(() => import('../../../lib/content-blocks/content-blocks').then((m) => ({ default: m.ContentBlocks })));

const blocksSchema = blockSchema.array();

type Parsed = { ok: true; blocks: ContentBlock[] } | { ok: false };

function parseBlocks(text: string): Parsed {
  try {
    const r = blocksSchema.safeParse(JSON.parse(text));
    return r.success ? { ok: true, blocks: r.data } : { ok: false };
  } catch {
    return { ok: false };
  }
}

/** Renders the blocks as students will see them; while the JSON is invalid the last valid version stays. */
function BlocksPreview({ text }: { text: string }) {
  const deferred = useDeferredValue(text);
  const parsed = useMemo(() => parseBlocks(deferred), [deferred]);
  const [shown, setShown] = useState<ContentBlock[] | null>(parsed.ok ? parsed.blocks : null);
  if (parsed.ok && parsed.blocks !== shown) setShown(parsed.blocks);

  return (
    <Stack gap="sm">
      {!parsed.ok && (
        <Alert color="yellow" variant="light" p="xs">
          <Text size="sm" c="dark.9">
            {shown
              ? 'The JSON is not valid content yet; the preview shows the last valid version.'
              : 'The preview appears once the JSON is valid content.'}
          </Text>
        </Alert>
      )}
      {shown && shown.length === 0 && <Text c="gray.7">No content.</Text>}
      {shown && shown.length > 0 && (
        <Suspense
          fallback={
            <Center py="lg" role="status" aria-label="Loading preview">
              <Loader size="sm" />
            </Center>
          }
        >
          <ContentBlocks blocks={shown} />
        </Suspense>
      )}
    </Stack>
  );
}

export function ContentPreview({ detailedContent, codeContent }: { detailedContent: string; codeContent: string }) {
  const [which, setWhich] = useState<'detailed' | 'code'>('detailed');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="preview-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="preview-title">
          Preview
        </Title>
        <SegmentedControl
          aria-label="Content to preview"
          value={which}
          onChange={(v) => setWhich(v as 'detailed' | 'code')}
          data={[
            { value: 'detailed', label: 'Explanation' },
            { value: 'code', label: 'Code & Examples' },
          ]}
          fullWidth
        />
        {which === 'detailed' ? <BlocksPreview key="detailed" text={detailedContent} /> : <BlocksPreview key="code" text={codeContent} />}
      </Stack>
    </Paper>
  );
}
