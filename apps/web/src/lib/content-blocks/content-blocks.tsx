import { Box, Group, List, Paper, Stack, Table, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconBulb, IconPencil } from '@tabler/icons-react';
import type { ContentBlock } from '@learn/shared';
import { RichText } from '../markdown/markdown';
import { CodeBlock, type ExplainAction, type RunCode } from './code-block';

export { CodeBlock, ExplainButton, type ExplainAction, type RunCode } from './code-block';
export { RichText } from '../markdown/markdown';

/**
 * A paragraph of task text is preformatted (sample output, an ASCII drawing, a table of numbers) when a line
 * aligns with runs of spaces or draws with | and +; such paragraphs keep their columns in a monospace font.
 */
export function isPreformatted(paragraph: string): boolean {
  return paragraph.split('\n').some((line) => /\S {2,}\S/.test(line) || /^\s*[|+]/.test(line) || /[|+]\s*$/.test(line));
}

/** Task text: paragraphs split at blank lines, drawings and aligned output in monospace. */
export function TaskText({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n{2,}/).map((para, i) =>
        isPreformatted(para) ? (
          <Text key={i} component="pre" ff="monospace" size="sm" m={0} mb="sm" style={{ whiteSpace: 'pre-wrap', overflowX: 'auto' }}>
            {para}
          </Text>
        ) : (
          <Text key={i} component="p" m={0} mb="sm" lh={1.65}>
            <RichText text={para} />
          </Text>
        ),
      )}
    </>
  );
}

const callouts = {
  idea: { label: 'Idea', color: 'yellow', Icon: IconBulb },
  exercise: { label: 'Exercise', color: 'teal', Icon: IconPencil },
} as const;

function Block({ block, onRunCode, explain }: { block: ContentBlock; onRunCode?: RunCode; explain?: ExplainAction }) {
  switch (block.type) {
    case 'heading':
      return (
        <Title order={3} size="h4" mt="xs">
          <RichText text={block.text} />
        </Title>
      );
    case 'paragraph':
      return (
        <Text component="p" m={0} lh={1.65}>
          <RichText text={block.text} />
        </Text>
      );
    case 'list':
      return (
        <List spacing={6} pl={4} styles={{ itemWrapper: { display: 'inline' } }}>
          {block.items.map((item, i) => (
            <List.Item key={i} lh={1.6}>
              <RichText text={item} />
            </List.Item>
          ))}
        </List>
      );
    case 'table':
      return (
        // Wide tables scroll sideways on a phone; the region is focusable so keyboards can scroll it too.
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={`Table: ${block.headers.join(', ')}`}>
          <Table withTableBorder withColumnBorders striped verticalSpacing="xs" style={{ minWidth: block.headers.length * 130 }}>
            <Table.Thead>
              <Table.Tr>
                {block.headers.map((h, i) => (
                  <Table.Th key={i} bg="gray.1">
                    <RichText text={h} />
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {block.rows.map((row, r) => (
                <Table.Tr key={r}>
                  {row.map((cell, c) => (
                    <Table.Td key={c}>
                      <RichText text={cell} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      );
    case 'callout': {
      const { label, color, Icon } = callouts[block.icon];
      return (
        <Paper role="note" p="md" radius="md" bg={`${color}.0`} style={{ borderLeft: `4px solid var(--mantine-color-${color}-6)` }}>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <ThemeIcon color={`${color}.2`} c={`${color}.9`} radius="xl" size="lg" aria-hidden data-icon={block.icon}>
              <Icon size={20} />
            </ThemeIcon>
            <Text lh={1.6} style={{ flex: 1, minWidth: 0 }}>
              <VisuallyHidden>{label}: </VisuallyHidden>
              <RichText text={block.text} />
            </Text>
          </Group>
        </Paper>
      );
    }
    case 'code':
      return <CodeBlock code={block.code} language={block.language} onRun={onRunCode} explain={explain} />;
  }
}

/**
 * Renders lecture content blocks: heading, paragraph, list, table, callout and code. With `onRunCode`, code
 * blocks offer 'Run in Scratchpad'.
 */
export function ContentBlocks({ blocks, onRunCode, explain }: { blocks: ContentBlock[]; onRunCode?: RunCode; explain?: ExplainAction }) {
  return (
    <Stack gap="md">
      {blocks.map((block, i) => (
        <Block key={i} block={block} onRunCode={onRunCode} explain={explain} />
      ))}
    </Stack>
  );
}
