import { useEffect, useRef, useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { IconCornerDownLeft } from '@tabler/icons-react';

/** A line of input for the running program: Enter sends it; the button (or Ctrl+D) ends the input. */
export function InputLine({ waiting, onLine, onEof }: { waiting: boolean; onLine: (line: string) => void; onEof: () => void }) {
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (waiting) input.current?.focus();
  }, [waiting]);
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        ref={input}
        label="Program input"
        description={waiting ? 'Your program is waiting for input.' : 'Type a line and press Enter.'}
        placeholder="Type a line and press Enter"
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onLine(value);
            setValue('');
          } else if (e.key === 'd' && e.ctrlKey) {
            e.preventDefault();
            onEof();
          }
        }}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        style={{ flex: 1 }}
        leftSection={<IconCornerDownLeft size={14} aria-hidden />}
      />
      <Button variant="default" onClick={onEof}>
        Send end of input
      </Button>
    </Group>
  );
}
