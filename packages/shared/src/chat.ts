import { z } from 'zod';

/** Chat between guides and students (issue 15). One conversation per student, with all guides. */
export const CHAT_STUDENT_RETENTION_MS = 172_800_000;
export const CHAT_MAX_TEXT = 2000;
export const CHAT_MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const CHAT_IMAGE_MAX_PX = 1600;
export const CHAT_SENDS_PER_MINUTE = 30;
export const CHAT_RETENTION_NOTICE = 'Chats are automatically deleted after 48 hours.';
export const CHAT_CLEAR_CONFIRM = 'Are you sure you want to clear this chat from your view?';
export const CAMERA_ERROR = 'Could not access the camera. Please check browser permissions.';
export const CHAT_TOO_LONG = `A message can be at most ${CHAT_MAX_TEXT} characters.`;

export interface ChatMessage {
  id: number;
  studentId: string;
  authorId: string;
  authorName: string;
  authorRole: 'student' | 'guide';
  text: string;
  /** URL of the re-encoded JPEG (served to the two sides only), or null. */
  imageUrl: string | null;
  createdAt: string;
}

export interface ChatConversationSummary {
  studentId: string;
  studentName: string;
  lastMessageAt: string | null;
  lastText: string | null;
  unread: number;
}

export interface ChatConversation {
  studentId: string;
  studentName: string;
  messages: ChatMessage[];
}

export const chatSendSchema = z.object({
  text: z
    .string()
    .max(CHAT_MAX_TEXT * 2, CHAT_TOO_LONG)
    .refine((s) => !s.includes('\u0000'), 'Text must not contain NUL characters.')
    .transform((s) => s.trim())
    .refine((s) => s.length <= CHAT_MAX_TEXT, CHAT_TOO_LONG),
});
export type ChatSend = z.infer<typeof chatSendSchema>;
