import { useRef } from 'react';
import { ActionIcon, Button, Group, Textarea, Tooltip } from '@mantine/core';
import { CHAT_MAX_TEXT } from '@learn/shared';
import { CameraIcon, ImageIcon } from './icons';

interface Props {
  text: string;
  onText: (text: string) => void;
  busy: boolean;
  onSend: () => void;
  onImage: (file: File) => void;
  onCamera: () => void;
}

/** The message box (Enter sends, Shift+Enter a new line), an image from a file, a photo, and Send. */
export function MessageForm({ text, onText, busy, onSend, onImage, onCamera }: Props) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
      }}
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)', padding: 8 }}
    >
      <Textarea
        aria-label="Message"
        placeholder="Type a message..."
        autosize
        minRows={1}
        maxRows={4}
        value={text}
        maxLength={CHAT_MAX_TEXT}
        onChange={(e) => onText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            onSend();
          }
        }}
      />
      <Group justify="space-between" mt={6}>
        <Group gap={4}>
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            hidden
            data-testid="chat-file"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              // Reset so the same file can be chosen again.
              e.currentTarget.value = '';
              if (file) onImage(file);
            }}
          />
          <Tooltip label="Send an image">
            <ActionIcon variant="light" size="lg" aria-label="Send an image" onClick={() => fileInput.current?.click()} disabled={busy}>
              <ImageIcon />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Take a photo">
            <ActionIcon variant="light" size="lg" aria-label="Take a photo" onClick={onCamera} disabled={busy}>
              <CameraIcon />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Button type="submit" disabled={!text.trim() || busy} loading={busy}>
          Send
        </Button>
      </Group>
    </form>
  );
}
