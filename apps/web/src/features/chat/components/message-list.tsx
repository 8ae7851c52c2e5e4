import { useEffect, useRef } from 'react';
import { Text } from '@mantine/core';
import type { ChatMessage, PublicUser } from '@learn/shared';
import { authorLabel, messageTime } from '../lib/messages';
import classes from './chat.module.css';

/** The messages as bubbles (mine on the right), read out as they arrive; scrolled to the newest. */
export function MessageList({ messages, user }: { messages: ChatMessage[]; user: PublicUser }) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages]);

  return (
    // Focusable so the scrolling list can be read with the keyboard (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
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
              {authorLabel(m, user)} · {messageTime(m.createdAt)}
            </Text>
            {m.text && <Text size="sm">{m.text}</Text>}
            {m.imageUrl && <img src={m.imageUrl} alt={`Sent by ${mine ? 'you' : m.authorName}`} loading="lazy" />}
          </div>
        );
      })}
    </div>
  );
}
