import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconTerminal2 } from '@tabler/icons-react';
import type { CodeLanguage, RunLanguage } from '@learn/shared';
import type { ExplainAction } from '../content-blocks/code-block';
import type { ScratchpadRequest } from './components/scratchpad-panel';
import { isRunnable } from './languages';

// The editor, the runners and Pyodide's worker load only when the panel first opens.
const ScratchpadPanel = lazy(() => import('./components/scratchpad-panel'));

// Above the chat button (56 px at right 20, bottom 20): one column of round buttons at the right edge, which
// the signed-in layout keeps free of content on wide screens, so no button covers a control or the other.
const floating = { position: 'fixed', right: 20, bottom: 88, zIndex: 150, boxShadow: 'var(--mantine-shadow-md)' } as const;

function FloatingButton({ onClick, loading }: { onClick?: () => void; loading?: boolean }) {
  return (
    <Tooltip label="Scratchpad" position="left" withArrow>
      <ActionIcon
        onClick={onClick}
        loading={loading}
        aria-label="Scratchpad"
        radius="xl"
        size={56}
        variant="filled"
        color="blue.8"
        style={floating}
        data-floating="scratchpad"
      >
        <IconTerminal2 size={26} aria-hidden />
      </ActionIcon>
    </Tooltip>
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
