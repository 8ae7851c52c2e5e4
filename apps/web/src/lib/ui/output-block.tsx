import { Box, Code, Text } from '@mantine/core';

/** A program's output under an "Output" label, announced politely as it changes (assignments and exams). */
export function OutputBlock({ output }: { output: string }) {
  return (
    <Box>
      <Text size="sm" fw={600}>
        Output
      </Text>
      <Code block aria-live="polite">
        {output}
      </Code>
    </Box>
  );
}
