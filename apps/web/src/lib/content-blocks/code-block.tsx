import { useEffect, useRef, useState } from 'react';
import { Box, Button, Group, Paper, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy, IconPlayerPlay, IconSparkles } from '@tabler/icons-react';
import { COPY_CONFIRMATION_MS, type CodeLanguage } from '@learn/shared';
import { notify } from '../notify';
import { copyText } from './copy-text';

export const languageLabels: Record<CodeLanguage, string> = { c: 'C', cpp: 'C++', python: 'Python', bash: 'Bash' };

type Highlight = (code: string, language: CodeLanguage) => string;
let highlighter: Promise<Highlight> | undefined;

/** highlight.js is fetched on the first code block, once, so it never weighs on the main bundle. */
function loadHighlighter(): Promise<Highlight> {
  highlighter ??= import('./highlighter').then((m) => m.highlight);
  return highlighter;
}

/** Highlighted HTML once highlight.js has loaded; undefined until then (or if it fails: plain text stays). */
function useHighlighted(code: string, language: CodeLanguage): string | undefined {
  const [result, setResult] = useState<{ code: string; language: CodeLanguage; html: string }>();
  useEffect(() => {
    let live = true;
    loadHighlighter()
      .then((highlight) => live && setResult({ code, language, html: highlight(code, language) }))
      .catch(() => {
        /* highlighting is decoration: the plain monospace code is already shown */
      });
    return () => {
      live = false;
    };
  }, [code, language]);
  return result && result.code === code && result.language === language ? result.html : undefined;
}

/** True for COPY_CONFIRMATION_MS (2 s, spec 9) after a successful copy. */
function useCopy(text: string) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  async function copy() {
    try {
      await copyText(text);
    } catch {
      notify({ type: 'error', title: 'Copy failed', message: 'Your browser did not allow copying to the clipboard.' });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  }
  return { copied, copy };
}

/** Runs a code sample in the page's scratchpad; the page passes it down (lib never imports a feature). */
export type RunCode = (code: string, language: CodeLanguage) => void;

/** 'Explain Code' (AI): opens the explanation modal; with `disabledReason` the button is shown disabled and says why. */
export interface ExplainAction {
  explain: RunCode;
  disabledReason?: string;
}

/** The 'Explain Code' button of a code block or of the scratchpad. */
export function ExplainButton({
  action,
  code,
  language,
  label,
  size = 'compact-xs',
  disabled = false,
  onClick,
}: {
  action: ExplainAction;
  code: string;
  language: CodeLanguage;
  label: string;
  size?: 'compact-xs' | 'sm';
  disabled?: boolean;
  /** Instead of `action.explain(code, language)`, e.g. to read the code from an editor at click time. */
  onClick?: () => void;
}) {
  const reason = action.disabledReason;
  return (
    // The reason shows on hover, on keyboard focus and on a tap (phones have no hover).
    <Tooltip
      label={reason}
      disabled={!reason}
      withArrow
      zIndex={450}
      events={{ hover: true, focus: true, touch: true }}
      multiline
      maw={280}
    >
      <Button
        size={size}
        variant={size === 'sm' ? 'light' : 'subtle'}
        color="violet"
        c={reason ? 'gray.7' : 'violet.9'}
        disabled={disabled}
        leftSection={<IconSparkles size={size === 'sm' ? 16 : 14} aria-hidden />}
        data-disabled={reason ? true : undefined}
        aria-disabled={reason ? true : undefined}
        onClick={(e) => {
          if (reason) return e.preventDefault();
          if (onClick) onClick();
          else action.explain(code, language);
        }}
        aria-label={reason ? `Explain Code: ${reason}` : `Explain Code: ${label}`}
      >
        Explain Code
      </Button>
    </Tooltip>
  );
}

/**
 * A code sample: language label, Copy button and syntax highlighting in a light theme. Students cannot
 * select text (spec 2 "Layout"), so the Copy button is how they take code away. With `onRun`, a
 * 'Run in Scratchpad' button opens the sample in the scratchpad (shell snippets are not run); with `explain`,
 * an 'Explain Code' button opens the AI explanation.
 */
export function CodeBlock({
  code,
  language,
  caption,
  onRun,
  explain,
}: {
  code: string;
  language: CodeLanguage;
  caption?: string;
  onRun?: RunCode;
  explain?: ExplainAction;
}) {
  const html = useHighlighted(code, language);
  const { copied, copy } = useCopy(code);
  const label = caption ? `${caption} (${languageLabels[language]})` : `${languageLabels[language]} code`;
  return (
    <Paper withBorder radius="md" bg="#fefefe" style={{ overflow: 'hidden' }} data-testid="code-block">
      <Group justify="space-between" px="sm" py={4} bg="gray.0" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Text size="xs" fw={600} c="gray.8">
          {caption ? `${caption} · ${languageLabels[language]}` : languageLabels[language]}
        </Text>
        <Group gap={4}>
          {explain && <ExplainButton action={explain} code={code} language={language} label={label} />}
          {onRun && language !== 'bash' && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="blue"
              c="blue.9"
              leftSection={<IconPlayerPlay size={14} aria-hidden />}
              onClick={() => onRun(code, language)}
              aria-label={`Run in Scratchpad: ${label}`}
            >
              Run in Scratchpad
            </Button>
          )}
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            c={copied ? 'teal.9' : 'gray.8'}
            leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            onClick={copy}
            aria-label={copied ? 'Copied' : `Copy ${label}`}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </Group>
        <VisuallyHidden role="status">{copied ? 'Code copied to the clipboard' : ''}</VisuallyHidden>
      </Group>
      <Box
        component="pre"
        m={0}
        p="sm"
        tabIndex={0}
        aria-label={label}
        style={{ overflowX: 'auto', fontSize: 13, lineHeight: 1.55, fontFamily: 'var(--mantine-font-family-monospace)' }}
      >
        {html !== undefined ? (
          <code
            className={`hljs language-${language}`}
            style={{ padding: 0, background: 'transparent', overflow: 'visible', display: 'inline' }}
            dangerouslySetInnerHTML={{ __html: html }}
          />
        ) : (
          <code className={`language-${language}`} style={{ color: '#2b2b2b' }}>
            {code}
          </code>
        )}
      </Box>
    </Paper>
  );
}
