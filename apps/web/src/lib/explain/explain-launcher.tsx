import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { CodeLanguage } from '@learn/shared';
import type { ExplainAction } from '../content-blocks/code-block';
import { useExplainStatus } from './api';

// The modal, its stream reader and the Markdown renderer load on the first 'Explain Code'.
const ExplainModal = lazy(() => import('./explain-modal'));

export const EXPLAIN_UNAVAILABLE = 'AI explanations are not set up on this server.';

/**
 * 'Explain Code' for a page: `action` for the buttons (undefined when `enabled` is false, e.g. for a guide;
 * disabled with a reason when no provider is configured) and the modal element to render once.
 */
export function useExplain(enabled: boolean): { action: ExplainAction | undefined; element: ReactNode } {
  const status = useExplainStatus(enabled);
  const [request, setRequest] = useState<{ id: number; code: string; language: CodeLanguage } | null>(null);
  const [opened, setOpened] = useState(false);
  const explain = useCallback((code: string, language: CodeLanguage) => {
    setRequest((r) => ({ id: (r?.id ?? 0) + 1, code, language }));
    setOpened(true);
  }, []);
  const data = status.data;
  const action = useMemo<ExplainAction | undefined>(() => {
    if (!enabled) return undefined;
    if (!data) return { explain, disabledReason: status.isError ? EXPLAIN_UNAVAILABLE : 'Checking whether explanations are available...' };
    return data.available ? { explain } : { explain, disabledReason: EXPLAIN_UNAVAILABLE };
  }, [enabled, data, explain, status.isError]);
  const provider = data?.available ? data.provider : 'AI';
  const element = request && (
    <Suspense fallback={null}>
      {/* A fresh modal per ask: it starts at 'Thinking...', never with the last answer. */}
      <ExplainModal
        key={request.id}
        opened={opened}
        onClose={() => setOpened(false)}
        code={request.code}
        language={request.language}
        provider={provider}
      />
    </Suspense>
  );
  return { action, element };
}
