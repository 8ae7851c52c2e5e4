import { useQuery } from '@tanstack/react-query';
import type { RunClientMessage, RunLanguage, RunRequest, RunResponse, RunServerMessage, RunStatusResponse } from '@learn/shared';
import { api } from '../../api-client';

/** GET /api/run/status: whether the server runs C and C++ here, and why not. */
export function useRunStatus(enabled: boolean) {
  return useQuery({
    queryKey: ['run-status'],
    queryFn: () => api<RunStatusResponse>('run/status'),
    enabled,
    staleTime: 60_000,
  });
}

/** POST /api/run: the whole run with its input pasted in one go. */
export function runOnce(body: RunRequest, signal: AbortSignal): Promise<RunResponse> {
  return api<RunResponse>('run', { method: 'POST', body, signal, timeoutMs: 120_000 });
}

export interface RunSocket {
  send(msg: RunClientMessage): void;
  close(): void;
}

/**
 * /api/run/ws: starts a run whose input is typed while it runs. `onClose` says whether the socket ever
 * opened, so "could not reach the runner" and "the connection dropped" can be told apart.
 */
export function openRunSocket(
  start: { language: RunLanguage; code: string },
  onMessage: (msg: RunServerMessage) => void,
  onClose: (opened: boolean) => void,
): RunSocket {
  const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/run/ws`);
  let opened = false;
  const queue: RunClientMessage[] = [{ type: 'start', ...start }];
  socket.onopen = () => {
    opened = true;
    for (const msg of queue.splice(0)) socket.send(JSON.stringify(msg));
  };
  socket.onmessage = (event) => {
    let msg: RunServerMessage;
    try {
      msg = JSON.parse(String(event.data)) as RunServerMessage;
    } catch {
      return;
    }
    onMessage(msg);
    if (msg.type === 'exit' || msg.type === 'error') socket.close();
  };
  socket.onclose = () => onClose(opened);
  return {
    send(msg) {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
      else if (socket.readyState === WebSocket.CONNECTING) queue.push(msg);
    },
    close() {
      socket.onclose = null;
      socket.close();
    },
  };
}
