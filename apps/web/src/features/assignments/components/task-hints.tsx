import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { RichText } from '../../../lib/markdown/markdown';

/** A task's hints, revealed one at a time on request; revealed hints stay listed. */
export function TaskHints({ hints }: { hints: string[] }) {
  const [shown, setShown] = useState(0);
  if (hints.length === 0) return null;
  return (
    <Stack gap={4}>
      {shown > 0 && (
        <ol aria-label="Hints" style={{ margin: 0, paddingLeft: '1.25rem' }}>
          {hints.slice(0, shown).map((h, i) => (
            <li key={i}>
              <Text size="sm">
                <RichText text={h} />
              </Text>
            </li>
          ))}
        </ol>
      )}
      {shown < hints.length && (
        <Button variant="subtle" size="compact-sm" style={{ alignSelf: 'flex-start' }} onClick={() => setShown(shown + 1)}>
          {shown === 0 ? 'Show hint' : 'Show another hint'}
        </Button>
      )}
    </Stack>
  );
}
