import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { ActionIcon, Button, Group, Modal, Text, Textarea, Tooltip } from '@mantine/core';
import { CHAT_CLEAR_CONFIRM, CHAT_MAX_TEXT, CHAT_RETENTION_NOTICE, type ChatMessage, type PublicUser } from '@learn/shared';
import { onLiveEvent } from '../../lib/live-events';
import { toAppError } from '../../lib/errors';
import { chatApi } from './api';
import classes from './chat.module.css';

const CameraDialog = lazy(() => import('./camera-dialog'));

const icon = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  'aria-hidden': true,
} as const;
const ImageIcon = () => (
  <svg {...icon}>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <circle cx="8.5" cy="8.5" r="1.5" />
    <path d="M21 15l-5-5L5 21" />
  </svg>
);
const CameraIcon = () => (
  <svg {...icon}>
    <path d="M23 19a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4l2-3h6l2 3h4a2 2 0 0 1 2 2z" />
    <circle cx="12" cy="13" r="4" />
  </svg>
);

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** One conversation: messages (each with its author), live; read when opened; send text, an image or a photo; clear. */
export function Conversation({ user, studentId }: { user: PublicUser; studentId: string }) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [camera, setCamera] = useState(false);
  const lastId = useRef(0);
  const list = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const merge = useCallback((incoming: ChatMessage[]) => {
    if (!incoming.length) return;
    setMessages((prev) => {
      const seen = new Set(prev.map((m) => m.id));
      const next = [...prev, ...incoming.filter((m) => !seen.has(m.id))].sort((a, b) => a.id - b.id);
      lastId.current = next.at(-1)?.id ?? 0;
      return next;
    });
  }, []);

  // Opening (or selecting) the conversation reads it.
  const load = useCallback(
    () =>
      chatApi
        .conversation(studentId)
        .then((conv) => {
          lastId.current = conv.messages.at(-1)?.id ?? 0;
          setMessages(conv.messages);
          return chatApi.read(studentId);
        })
        .catch((err: unknown) => setError(toAppError(err).message)),
    [studentId],
  );

  useEffect(() => {
    void load();
  }, [load]);

  // Live: new messages arrive over /api/ws; after a reconnect, what came meanwhile is fetched.
  useEffect(
    () =>
      onLiveEvent(
        (e) => {
          if (e.type === 'chat.message' && e.studentId === studentId) {
            merge([e.message]);
            if (e.message.authorId !== user.id) void chatApi.read(studentId);
          }
          if (e.type === 'chat.cleared' && e.studentId === studentId && e.userId === user.id) void load();
        },
        () =>
          void chatApi.conversation(studentId, lastId.current).then(
            (c) => merge(c.messages),
            () => {},
          ),
      ),
    [studentId, user.id, merge, load],
  );

  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages]);

  const trimmed = text.trim();
  async function send() {
    if (!trimmed || busy) return;
    setBusy(true);
    setError(null);
    try {
      merge([await chatApi.send(studentId, trimmed)]);
      setText('');
    } catch (err) {
      // The typing is kept.
      setError(toAppError(err).message);
    } finally {
      setBusy(false);
    }
  }

  async function sendImage(image: Blob) {
    setBusy(true);
    setError(null);
    try {
      merge([await chatApi.sendImage(studentId, image)]);
    } catch (err) {
      setError(toAppError(err).message);
    } finally {
      setBusy(false);
    }
  }

  async function clear() {
    setConfirming(false);
    try {
      await chatApi.clear(studentId);
      setMessages([]);
    } catch (err) {
      setError(toAppError(err).message);
    }
  }

  return (
    <>
      <Group justify="space-between" px="md" py={4} wrap="nowrap" style={{ background: 'var(--mantine-color-yellow-0)' }}>
        <Text size="xs" c="gray.8">
          {CHAT_RETENTION_NOTICE}
        </Text>
        <Button size="compact-xs" variant="subtle" color="red.9" onClick={() => setConfirming(true)}>
          Clear
        </Button>
      </Group>
      {/* Focusable so the scrolling list can be read with the keyboard (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div ref={list} className={classes.messages} aria-live="polite" aria-label="Messages" role="log" tabIndex={0}>
        {messages.length === 0 && (
          <Text c="gray.7" size="sm" ta="center" mt="md">
            No messages yet.
          </Text>
        )}
        {messages.map((m) => {
          const mine = m.authorId === user.id;
          return (
            <div key={m.id} className={`${classes.bubble} ${mine ? classes.mine : classes.theirs}`} data-testid="chat-message">
              <Text size="xs" fw={700} c="gray.8">
                {mine ? 'You' : m.authorName}
                {m.authorRole === 'guide' && !mine ? ' (mate)' : ''} · {time(m.createdAt)}
              </Text>
              {m.text && <Text size="sm">{m.text}</Text>}
              {m.imageUrl && <img src={m.imageUrl} alt={`Sent by ${mine ? 'you' : m.authorName}`} loading="lazy" />}
            </div>
          );
        })}
      </div>
      {error && (
        <Text c="red.8" size="sm" px="md" role="alert">
          {error}
        </Text>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void send();
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
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void send();
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
                if (file) void sendImage(file);
              }}
            />
            <Tooltip label="Send an image">
              <ActionIcon variant="light" size="lg" aria-label="Send an image" onClick={() => fileInput.current?.click()} disabled={busy}>
                <ImageIcon />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Take a photo">
              <ActionIcon variant="light" size="lg" aria-label="Take a photo" onClick={() => setCamera(true)} disabled={busy}>
                <CameraIcon />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Button type="submit" disabled={!trimmed || busy} loading={busy}>
            Send
          </Button>
        </Group>
      </form>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Clear chat" centered zIndex={400}>
        <Text>{CHAT_CLEAR_CONFIRM}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button color="red.8" onClick={() => void clear()}>
            Clear
          </Button>
        </Group>
      </Modal>
      {camera && (
        <Suspense fallback={null}>
          <CameraDialog
            onClose={() => setCamera(false)}
            onPhoto={(blob) => {
              setCamera(false);
              void sendImage(blob);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
