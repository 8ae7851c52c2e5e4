import { lazy, Suspense, useRef, useState } from 'react';
import { ActionIcon, Indicator } from '@mantine/core';
import { useAuth } from '../../lib/auth';
import { useUnreadCount } from './api/get-unread';
import classes from './components/chat.module.css';

// The panel (lists, messages, the camera) loads on the first open.
const ChatPanel = lazy(() => import('./components/chat-panel'));

/** The floating chat button on every page of the course area, with the unread count (updated live). */
export default function ChatLauncher() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const unread = useUnreadCount(!!user);
  const count = unread.data?.unread ?? 0;

  if (!user) return null;
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <div className={classes.fab} data-floating="chat">
        <Indicator label={count > 99 ? '99+' : count} size={20} color="red" disabled={count === 0} offset={6} data-testid="chat-unread">
          <ActionIcon
            ref={button}
            size={56}
            radius="xl"
            variant="filled"
            color="blue.8"
            aria-label={count ? `Chat, ${count} unread` : 'Chat'}
            aria-expanded={open}
            onClick={() => {
              if (open) return close();
              setLoaded(true);
              setOpen(true);
            }}
          >
            <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
            </svg>
          </ActionIcon>
        </Indicator>
      </div>
      {loaded && (
        <Suspense fallback={null}>
          <ChatPanel user={user} opened={open} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
