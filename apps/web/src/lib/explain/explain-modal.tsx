import { useEffect, useState } from 'react';
import { Alert, Box, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconSparkles } from '@tabler/icons-react';
import { EXPLAIN_FAILED, EXPLAIN_NOTICE, type CodeLanguage } from '@learn/shared';
import { CodeBlock } from '../content-blocks/code-block';
import { modalProps, warningTitle } from '../ui/ui';
import { ExplainError, streamExplanation } from './explain-stream';
import { Markdown } from '../markdown/markdown';
import classes from './explain-modal.module.css';

export interface ExplainModalProps {
  opened: boolean;
  onClose: () => void;
  code: string;
  language: CodeLanguage;
  /** The provider's name for the heading ("Gemini" -> "Gemini's Explanation"). */
  provider: string;
}

type State = { phase: 'thinking' } | { phase: 'streaming' | 'done'; text: string } | { phase: 'error'; text: string; message: string };

/**
 * The explanation as it streams. It starts when the modal opens or the code or language changes (both are
 * needed) and is aborted when the modal closes or they change, which closes the server's upstream call too.
 * Until the first piece arrives the state is 'thinking' (the launcher mounts a fresh modal for each ask).
 */
function useExplanation(opened: boolean, code: string, language: string): State | null {
  const [state, setState] = useState<{ key: string; value: State } | null>(null);
  const key = `${language}\u0000${code}`;
  const ready = opened && !!code.trim() && !!language;
  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    let text = '';
    streamExplanation(
      { code, language },
      (piece) => {
        text += piece;
        setState({ key, value: { phase: 'streaming', text } });
      },
      controller.signal,
    ).then(
      () => !controller.signal.aborted && setState({ key, value: { phase: 'done', text } }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        const message = err instanceof ExplainError ? err.message : EXPLAIN_FAILED;
        setState({ key, value: { phase: 'error', text, message } });
      },
    );
    return () => controller.abort();
  }, [ready, key, code, language]);
  if (!ready) return null;
  return state?.key === key ? state.value : { phase: 'thinking' };
}

/** The AI Code Explanation modal (content-and-features.md section 2): notice, the code, the streamed explanation. */
export default function ExplainModal({ opened, onClose, code, language, provider }: ExplainModalProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const state = useExplanation(opened, code, language);
  const text = state && state.phase !== 'thinking' ? state.text : '';
  return (
    <Modal
      {...modalProps}
      zIndex={400}
      opened={opened}
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      title={
        <Group gap={8}>
          <IconSparkles size={20} aria-hidden color="var(--mantine-color-violet-8)" />
          <Text fw={700} size="lg">
            Explain Code
          </Text>
        </Group>
      }
      closeButtonProps={{ 'aria-label': 'Close the explanation' }}
    >
      <Stack gap="md">
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} styles={warningTitle}>
          <Text size="sm" c="gray.9">
            {EXPLAIN_NOTICE}
          </Text>
        </Alert>
        <CodeBlock code={code} language={language} />
        <section aria-labelledby="explain-heading">
          <Title order={2} size="h4" id="explain-heading" mb="xs">
            {provider}&apos;s Explanation
          </Title>
          <Box
            className={classes.answer}
            aria-live="polite"
            aria-busy={state?.phase === 'thinking' || state?.phase === 'streaming'}
            data-phase={state?.phase}
          >
            {state?.phase === 'thinking' && (
              <Group gap="xs" c="gray.8">
                <Loader size="xs" color="violet.8" aria-hidden />
                <Text size="sm">Thinking...</Text>
              </Group>
            )}
            {text && <Markdown text={text} />}
            {state?.phase === 'streaming' && <Loader type="dots" size="sm" color="violet.8" aria-hidden />}
            {state?.phase === 'error' && (
              <Text c="red.8" size="sm" role="alert">
                {state.message}
              </Text>
            )}
          </Box>
        </section>
      </Stack>
    </Modal>
  );
}
