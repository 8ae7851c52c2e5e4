/**
 * The exam clock is the server's: the page measures how far its own clock is from the server's when an
 * answer arrives and counts down to the server's deadline with that correction.
 */
export function clockOffset(serverNow: string, receivedAt = Date.now()): number {
  return Date.parse(serverNow) - receivedAt;
}

export function remainingMs(deadline: string, offsetMs: number, now = Date.now()): number {
  return Math.max(0, Date.parse(deadline) - (now + offsetMs));
}

/** 'm:ss', or 'h:mm:ss' when hours are present. */
export function formatRemaining(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** Under five minutes the timer turns red. */
export const isUrgent = (ms: number) => ms < 5 * 60_000;
