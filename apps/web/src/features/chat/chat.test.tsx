import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, ws } from 'msw';
import type { ChatConversation, ChatMessage, LiveEvent } from '@learn/shared';
import ChatPanel from './components/chat-panel';
import { server } from '../../testing/server';
import { reply, replyError, signInAs } from '../../testing/handlers';
import { renderPage, student } from '../../test/render-page';
import { useAuth } from '../../lib/auth';
import { useLiveEvents } from '../../lib/live-events';

const mate = { id: 'user_guide_1', name: 'Grace Hopper' };
const message = (id: number, text: string, from: 'me' | 'mate'): ChatMessage => ({
  id,
  studentId: student.id,
  authorId: from === 'me' ? student.id : mate.id,
  authorName: from === 'me' ? student.name : mate.name,
  authorRole: from === 'me' ? 'student' : 'guide',
  text,
  imageUrl: null,
  createdAt: '2026-03-01T10:00:00.000Z',
});

/** The live socket, as the server's /api/ws: the test pushes events through it. */
const live = ws.link('ws://*/api/ws');

/** A student's conversation: `history` first; a sent text is answered by `onSend`. Returns the texts sent. */
function serve(history: ChatMessage[], onSend: (text: string, id: number) => Response) {
  signInAs(student);
  const sent: string[] = [];
  const reads: number[] = [];
  server.use(
    live.addEventListener('connection', () => {}),
    http.get('*/api/chat/conversations/:studentId', () =>
      reply<ChatConversation>(200, { studentId: student.id, studentName: student.name, messages: history }),
    ),
    http.post('*/api/chat/conversations/:studentId/read', () => {
      reads.push(1);
      return reply(200, { lastReadId: 0 });
    }),
    http.post('*/api/chat/conversations/:studentId/messages', async ({ request }) => {
      const { text } = (await request.json()) as { text: string };
      sent.push(text);
      return onSend(text, 100 + sent.length);
    }),
  );
  return { sent, reads };
}

/** The panel as the app shows it: signed in, with the live socket open. */
function Chat() {
  const { user } = useAuth();
  useLiveEvents(!!user);
  return user ? <ChatPanel user={user} opened onClose={() => {}} /> : null;
}
const open = () => renderPage(<Chat />, '/c-cpp/home');
const log = () => screen.getByRole('log', { name: 'Messages' });

describe('Chat', () => {
  it('shows the conversation, reads it, and sends a message with Enter', async () => {
    const { sent, reads } = serve([message(1, 'Hello Ada', 'mate')], (text, id) => reply(201, message(id, text, 'me')));
    open();
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    expect(within(log()).getByText(/Grace Hopper \(mate\)/)).toBeTruthy();
    await waitFor(() => expect(reads).toHaveLength(1));
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: '  Thanks!  ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await within(log()).findByText('Thanks!')).toBeTruthy();
    expect(sent).toEqual(['Thanks!']);
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(within(log()).getAllByText(/^You ·/)).toHaveLength(1);
  });

  it('receives a message over the live socket', async () => {
    serve([], () => replyError(500, 'unused'));
    let push: ((event: LiveEvent) => void) | undefined;
    server.use(live.addEventListener('connection', ({ client }) => (push = (e) => client.send(JSON.stringify(e)))));
    open();
    expect(await screen.findByText('No messages yet.')).toBeTruthy();
    await waitFor(() => expect(push).toBeDefined());
    push!({ type: 'chat.message', studentId: student.id, message: message(7, 'Are you stuck?', 'mate') });
    expect(await within(log()).findByText('Are you stuck?')).toBeTruthy();
    expect(screen.queryByText('No messages yet.')).toBeNull();
  });

  it("keeps the typed text and shows the server's reason when sending fails", async () => {
    const { sent } = serve([], () => replyError(400, 'A message holds at most 2000 characters.'));
    open();
    await screen.findByText('No messages yet.');
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'My draft' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A message holds at most 2000 characters.');
    expect((box as HTMLTextAreaElement).value).toBe('My draft');
    expect(sent).toEqual(['My draft']);
    expect(screen.getByText('No messages yet.')).toBeTruthy();
  });
});
