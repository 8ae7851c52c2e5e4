import type { LiveEvent, LiveEventType } from '@learn/shared';

/** Who receives an event: a pure rule on the event and the signed-in user of a socket. */
export type Audience<E extends LiveEvent = LiveEvent> = (event: E, user: { id: string; role: string }) => boolean;

/**
 * Every live event type and its audience rule, in one place. A new type is added to the LiveEvent union in
 * packages/shared/src/live.ts; the compiler then asks for its entry here, and nothing else changes.
 */
export const liveEventAudiences: { [T in LiveEventType]: Audience<Extract<LiveEvent, { type: T }>> } = {
  // A student's open pages refresh their lecture list when their access changes.
  'access.changed': (event, user) => user.id === event.studentId,
  // Sent directly to a socket when it opens, never fanned out.
  hello: () => false,
  // Never sent: the sockets of the ended sessions close themselves (platform/socket-session.ts).
  'session.ended': () => false,
  // Never sent: it only tells every instance's session cache (platform/session-cache.ts).
  'user.changed': () => false,
  // Never sent: they only tell every instance's lecture caches (modules/courses/lecture-state-cache.ts).
  'progress.changed': () => false,
  'lecture.changed': () => false,
  'pubsub.reconnected': () => false,
  // Homework results and grades go to the student who submitted.
  'homework.autograded': (event, user) => user.id === event.studentId,
  'homework.graded': (event, user) => user.id === event.studentId,
  // Exam results go to the student; submissions also to guides (the grading list refreshes).
  'exam.submitted': (event, user) => user.id === event.studentId || user.role === 'guide',
  'exam.graded': (event, user) => user.id === event.studentId,
  // Chat: the two sides of a conversation are its student and every guide.
  'chat.message': (event, user) => user.id === event.studentId || user.role === 'guide',
  'chat.read': (event, user) => user.id === event.studentId || user.role === 'guide',
  'chat.cleared': (event, user) => user.id === event.userId,
};

/** Whether a signed-in user should receive an event. */
export function audienceIncludes(event: LiveEvent, user: { id: string; role: string }): boolean {
  return (liveEventAudiences[event.type] as Audience)(event, user);
}
