import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Drawer, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlayerPlayFilled, IconPlayerStopFilled } from '@tabler/icons-react';
import type { RunLanguage } from '@learn/shared';
import { ExplainButton, type ExplainAction } from '../../content-blocks/code-block';
import { loadDraft, saveDraft } from '../drafts';
import { runLanguageLabels } from '../languages';
import { isActive } from '../run-session';
import { useCodeRun } from '../use-code-run';
import { useRunStatus } from '../api/run-code';
import { CodeEditor, type EditorHandle } from './code-editor';
import { RunConsole } from './run-console';

/** Code to load into the editor ("Run in Scratchpad"); `id` changes on every click, even for the same code. */
export interface ScratchpadRequest {
  id: number;
  code: string;
  language: RunLanguage;
}

export interface ScratchpadPanelProps {
  opened: boolean;
  onClose: () => void;
  userId: string;
  languages: RunLanguage[];
  language: RunLanguage;
  request: ScratchpadRequest | null;
  /** 'Explain Code' on the code in the editor (students). */
  explain?: ExplainAction;
}

/** Saves the draft a moment after typing stops, and at once when the editor goes. */
function useDraftSaver(userId: string, language: RunLanguage) {
  const pending = useRef<{ code: string; timer: ReturnType<typeof setTimeout> } | undefined>(undefined);
  const flush = useCallback(() => {
    if (!pending.current) return;
    clearTimeout(pending.current.timer);
    saveDraft(userId, language, pending.current.code);
    pending.current = undefined;
  }, [userId, language]);
  useEffect(() => flush, [flush]);
  const save = useCallback(
    (code: string) => {
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = { code, timer: setTimeout(flush, 300) };
    },
    [flush],
  );
  return save;
}

/**
 * The slide-in compiler panel (content-and-features.md section 2): editor, stdin, Run/Stop and the output
 * console. Full screen on phones; the page behind does not scroll while it is open (Drawer's scroll lock).
 */
export default function ScratchpadPanel({ opened, onClose, userId, languages, language: initial, request, explain }: ScratchpadPanelProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [language, setLanguage] = useState<RunLanguage>(initial);
  const runStatus = useRunStatus(opened && language !== 'python');
  const [stdin, setStdin] = useState('');
  const [hasCode, setHasCode] = useState(true);
  const editor = useRef<EditorHandle>(null);
  const { state, start, sendLine, sendEof, stop, warmPython } = useCodeRun();
  // Pyodide takes seconds to load: start once the panel is open in Python, not before (nothing loads with the page).
  useEffect(() => {
    if (opened && language === 'python') warmPython();
  }, [opened, language, warmPython]);
  const active = isActive(state);
  const saveDraftSoon = useDraftSaver(userId, language);
  // A new lecture (day 25 is C, day 26 C++) or a 'Run in Scratchpad' click picks the language, during render.
  const [seen, setSeen] = useState({ initial, requestId: request?.id });
  if (seen.initial !== initial || seen.requestId !== request?.id) {
    setSeen({ initial, requestId: request?.id });
    if (request && request.id !== seen.requestId) setLanguage(request.language);
    else if (seen.initial !== initial && !active) setLanguage(initial);
  }
  // Then the block's code goes into that language's editor as one undoable change.
  const applied = useRef<number | undefined>(undefined);
  const [editorReady, setEditorReady] = useState(0);
  useEffect(() => {
    if (!request || request.id === applied.current || request.language !== language || !editor.current) return;
    editor.current.replace(request.code);
    applied.current = request.id;
  }, [request, language, editorReady]);

  const run = useCallback(() => {
    const code = editor.current?.getCode() ?? '';
    if (!code.trim() || active) return;
    start(language, code, stdin);
  }, [active, language, start, stdin]);

  // The editor's code as it is when the student asks (it lives in the editor, not in React state).
  const explainCode = useCallback(() => explain?.explain(editor.current?.getCode() ?? '', language), [explain, language]);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 760}
      title={<Text fw={700}>Scratchpad</Text>}
      closeButtonProps={{ 'aria-label': 'Close the scratchpad' }}
      keepMounted
      lockScroll
      styles={{
        content: { display: 'flex', flexDirection: 'column' },
        body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', paddingBottom: 'var(--mantine-spacing-sm)' },
      }}
    >
      <Stack gap="sm" style={{ flex: 1, minHeight: 0 }}>
        <Group justify="space-between" gap="xs">
          {languages.length > 1 ? (
            <SegmentedControl
              aria-label="Language"
              size="sm"
              value={language}
              onChange={(v) => setLanguage(v as RunLanguage)}
              disabled={active}
              data={languages.map((l) => ({ value: l, label: runLanguageLabels[l] }))}
            />
          ) : (
            <Text size="sm" fw={600} c="gray.8">
              {runLanguageLabels[language]}
            </Text>
          )}
          <Group gap="xs">
            {explain && (
              <ExplainButton
                action={explain}
                onClick={explainCode}
                code=""
                language={language}
                label="your code"
                size="sm"
                disabled={!hasCode}
              />
            )}
            {active ? (
              <Button
                color="red.8"
                leftSection={<IconPlayerStopFilled size={16} aria-hidden />}
                onClick={stop}
                disabled={state.stopRequested}
              >
                Stop
              </Button>
            ) : (
              <Button color="#0b6e4f" leftSection={<IconPlayerPlayFilled size={16} aria-hidden />} onClick={run} disabled={!hasCode}>
                Run
              </Button>
            )}
          </Group>
        </Group>
        {runStatus.data && !runStatus.data.available && (
          <Alert color="orange" variant="light" title="Code running is off on this server" role="status">
            {runStatus.data.reason} C and C++ cannot run here until it is installed; Python still runs in your browser.
          </Alert>
        )}
        <div
          style={{ flex: '3 1 0', minHeight: 180, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8, overflow: 'hidden' }}
        >
          <CodeEditor
            key={language}
            ref={editor}
            language={language}
            initialCode={loadDraft(userId, language)}
            label={`${runLanguageLabels[language]} code editor`}
            onChange={(code) => {
              setHasCode(code.trim().length > 0);
              saveDraftSoon(code);
            }}
            onRun={run}
            onReady={() => setEditorReady((n) => n + 1)}
          />
        </div>
        <Textarea
          label="Input (stdin)"
          description="Paste all the input here to run in one go, or leave it empty and type input while the program runs."
          value={stdin}
          onChange={(e) => setStdin(e.currentTarget.value)}
          autosize
          minRows={1}
          maxRows={4}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          disabled={active}
        />
        <RunConsole state={state} onGoTo={(line, column) => editor.current?.goTo(line, column)} onLine={sendLine} onEof={sendEof} />
      </Stack>
    </Drawer>
  );
}
