import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconTerminal2 } from '@tabler/icons-react';
import type { CodeLanguage, RunLanguage } from '@learn/shared';
import type { ExplainAction } from '../content-blocks/code-block';
import type { ScratchpadRequest } from './components/scratchpad-panel';
import { isRunnable } from './languages';

// The editor, the runners and Pyodide's worker load only when the panel first opens.
const ScratchpadPanel = lazy(() => import('./components/scratchpad-panel'));

// Left of the chat button (56 px at right 20) with a gap, so neither covers the other.
const floating = { position: 'fixed', right: 88, bottom: 24, zIndex: 150, boxShadow: 'var(--mantine-shadow-md)' } as const;

function FloatingButton({ onClick, loading }: { onClick?: () => void; loading?: boolean }) {
  return (
    <Button
      onClick={onClick}
      loading={loading}
      leftSection={<IconTerminal2 size={18} aria-hidden />}
      radius="xl"
      size="md"
      color="blue.8"
      style={floating}
      data-floating="scratchpad"
    >
      Scratchpad
    </Button>
  );
}

/**
 * The scratchpad of a page: a floating button that opens the panel, and `run(code, language)` for the
 * 'Run in Scratchpad' buttons of code blocks. Nothing of the panel is fetched before the first open.
 */
export function useScratchpad({
  userId,
  languages,
  language,
  explain,
}: {
  userId: string;
  languages: RunLanguage[];
  language: RunLanguage;
  /** 'Explain Code' on the student's own code in the panel. */
  explain?: ExplainAction;
}): {
  run: (code: string, language: CodeLanguage) => void;
  element: ReactNode;
} {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [request, setRequest] = useState<ScratchpadRequest | null>(null);

  const open = useCallback(() => {
    setLoaded(true);
    setOpened(true);
  }, []);
  const run = useCallback(
    (code: string, lang: CodeLanguage) => {
      if (!isRunnable(lang)) return;
      setRequest((r) => ({ id: (r?.id ?? 0) + 1, code, language: lang }));
      open();
    },
    [open],
  );

  const element = (
    <>
      {!opened && <FloatingButton onClick={open} />}
      {loaded && (
        <Suspense fallback={opened && <FloatingButton loading />}>
          <ScratchpadPanel
            opened={opened}
            onClose={() => setOpened(false)}
            userId={userId}
            languages={languages}
            language={language}
            request={request}
            explain={explain}
          />
        </Suspense>
      )}
    </>
  );
  return { run, element };
}
