import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@learn/shared';
import { queryKeys } from './course-selection';

/** A window event carrying each live event (detail), for features that keep live state of their own. */
export const LIVE_EVENT = 'learn-live';
/** A window event when the socket (re)opens: time to catch up. */
export const LIVE_OPEN = 'learn-live-open';

/** Calls `fn` for each live event while mounted. */
export function onLiveEvent(fn: (event: LiveEvent) => void, onOpen?: () => void): () => void {
  const handler = (e: Event) => fn((e as CustomEvent<LiveEvent>).detail);
  const open = () => onOpen?.();
  window.addEventListener(LIVE_EVENT, handler);
  window.addEventListener(LIVE_OPEN, open);
  return () => {
    window.removeEventListener(LIVE_EVENT, handler);
    window.removeEventListener(LIVE_OPEN, open);
  };
}

/**
 * Listens to /api/ws while signed in and refreshes what an event makes stale: an access change reloads
 * the lecture list, the open lecture and the dashboard. Reconnects with backoff; the session cookie
 * authenticates the socket.
 */
export function useLiveEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | undefined;
    let retry = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    function connect() {
      const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`;
      socket = new WebSocket(url);
      socket.onopen = () => {
        retry = 0;
        // Features that keep live state (the chat) catch up on what they missed while disconnected.
        window.dispatchEvent(new CustomEvent(LIVE_OPEN));
      };
      socket.onmessage = (msg) => {
        let event: LiveEvent;
        try {
          event = JSON.parse(String(msg.data)) as LiveEvent;
        } catch {
          return;
        }
        if (event.type === 'access.changed') {
          void queryClient.invalidateQueries({ queryKey: ['course-lectures'] });
          void queryClient.invalidateQueries({ queryKey: ['lecture'] });
          void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
        }
        window.dispatchEvent(new CustomEvent<LiveEvent>(LIVE_EVENT, { detail: event }));
        if (event.type.startsWith('chat.')) void queryClient.invalidateQueries({ queryKey: ['chat-unread'] });
        if (event.type === 'exam.submitted' || event.type === 'exam.graded') {
          // The exam list, the dashboard and a badge (First Exam, Perfect Score) change at once.
          void queryClient.invalidateQueries({ queryKey: queryKeys.studentExams(event.courseId) });
          void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
          void queryClient.invalidateQueries({ queryKey: ['badges', 'unseen'] });
        }
        if (event.type === 'homework.autograded' || event.type === 'homework.graded') {
          void queryClient.invalidateQueries({ queryKey: ['homework'] });
          void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
        }
      };
      socket.onclose = (e) => {
        if (stopped || e.code === 4401) return;
        // 1012: the server is restarting (a deploy): come back soon, spread over 0.5-2.5 s so a whole class
        // does not reconnect in the same instant.
        if (e.code === 1012) {
          timer = setTimeout(connect, 500 + Math.random() * 2000);
          return;
        }
        retry++;
        timer = setTimeout(connect, Math.min(30_000, 1000 * 2 ** Math.min(retry, 5)));
      };
    }
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [enabled, queryClient]);
}
