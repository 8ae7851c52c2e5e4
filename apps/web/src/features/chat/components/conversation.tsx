import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { CHAT_CLEAR_CONFIRM, CHAT_RETENTION_NOTICE, type ChatMessage, type PublicUser } from '@learn/shared';
import { onLiveEvent } from '../../../lib/live-events';
import { toAppError } from '../../../lib/errors';
import { useClearConversation } from '../api/clear-conversation';
import { getConversation } from '../api/get-conversation';
import { markRead } from '../api/mark-read';
import { useSendImage } from '../api/send-image';
import { useSendMessage } from '../api/send-message';
import { mergeMessages } from '../lib/messages';
import { MessageForm } from './message-form';
import { MessageList } from './message-list';

const CameraDialog = lazy(() => import('./camera-dialog'));

/** One conversation: messages (each with its author), live; read when opened; send text, an image or a photo; clear. */
export function Conversation({ user, studentId }: { user: PublicUser; studentId: string }) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [camera, setCamera] = useState(false);
  const lastId = useRef(0);
  const sendText = useSendMessage(studentId);
  const sendPicture = useSendImage(studentId);
  const clearAll = useClearConversation(studentId);
  const busy = sendText.isPending || sendPicture.isPending;

  const merge = useCallback((incoming: ChatMessage[]) => {
    setMessages((prev) => {
      const next = mergeMessages(prev, incoming);
      lastId.current = next.at(-1)?.id ?? 0;
      return next;
    });
  }, []);

  // Opening (or selecting) the conversation reads it.
  const load = useCallback(
    () =>
      getConversation(studentId)
        .then((conv) => {
          lastId.current = conv.messages.at(-1)?.id ?? 0;
          setMessages(conv.messages);
          return markRead(studentId);
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
            if (e.message.authorId !== user.id) void markRead(studentId);
          }
          if (e.type === 'chat.cleared' && e.studentId === studentId && e.userId === user.id) void load();
        },
        () =>
          void getConversation(studentId, lastId.current).then(
            (c) => merge(c.messages),
            () => {},
          ),
      ),
    [studentId, user.id, merge, load],
  );

  function send() {
    const trimmed = text.trim();
    if (!trimmed || busy) return;
    setError(null);
    sendText.mutate(trimmed, {
      onSuccess: (message) => {
        merge([message]);
        setText('');
      },
      // The typing is kept.
      onError: (err) => setError(toAppError(err).message),
    });
  }

  function sendImage(image: Blob) {
    setError(null);
    sendPicture.mutate(image, {
      onSuccess: (message) => merge([message]),
      onError: (err) => setError(toAppError(err).message),
    });
  }

  function clear() {
    setConfirming(false);
    clearAll.mutate(undefined, {
      onSuccess: () => setMessages([]),
      onError: (err) => setError(toAppError(err).message),
    });
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
      <MessageList messages={messages} user={user} />
      {error && (
        <Text c="red.8" size="sm" px="md" role="alert">
          {error}
        </Text>
      )}
      <MessageForm text={text} onText={setText} busy={busy} onSend={send} onImage={sendImage} onCamera={() => setCamera(true)} />
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Clear chat" centered zIndex={400}>
        <Text>{CHAT_CLEAR_CONFIRM}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button color="red.8" onClick={clear}>
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
              sendImage(blob);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
