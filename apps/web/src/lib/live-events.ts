import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@learn/shared';

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
