import { Alert, Badge, Box, Code, Group, Stack, Text } from '@mantine/core';
import type { CheckResult } from '@learn/shared';
import { firstDifferentLine } from '../lib/task-draft';

/** Output with the first line that differs from the expected output marked. */
function Output({ label, text, mark }: { label: string; text: string; mark: number }) {
  const lines = text.split('\n');
  return (
    <Box>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Code block aria-label={label}>
        {lines.map((line, i) => (
          <span key={i} style={i === mark ? { background: 'var(--mantine-color-yellow-2)', display: 'block' } : { display: 'block' }}>
            {line || '\u00a0'}
          </span>
        ))}
      </Code>
    </Box>
  );
}

/** 'Check' results: the visible sample in full (difference highlighted), hidden tests as a count. */
export function CheckResultView({ result }: { result: CheckResult }) {
  const { sample } = result;
  const diff = sample && !sample.passed ? firstDifferentLine(sample.actual ?? '', sample.expected ?? '') : -1;
  return (
    <Stack gap="xs" aria-live="polite">
      {!result.compileOk && (
        <Alert color="red" variant="light" title="The code does not compile">
          <Code block>{result.compileOutput}</Code>
        </Alert>
      )}
      {sample && (
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>Sample test</Text>
            <Badge color={sample.passed ? 'teal' : 'red'}>{sample.passed ? 'Passed' : 'Failed'}</Badge>
          </Group>
          {sample.error && (
            <Text size="sm" c="red.8">
              {sample.error}
            </Text>
          )}
          <Output label="Input" text={sample.input ?? ''} mark={-1} />
          <Output label="Expected output" text={sample.expected ?? ''} mark={diff} />
          <Output label="Your output" text={sample.actual ?? ''} mark={diff} />
        </Stack>
      )}
      {result.hiddenTotal > 0 && (
        <Text size="sm">
          {result.hiddenPassed} of {result.hiddenTotal} hidden tests passed
        </Text>
      )}
    </Stack>
  );
}
