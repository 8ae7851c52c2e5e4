/** The one place dates are written for people: in the reader's locale, an unreadable date shown as given. */
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

function valid(iso: string): Date | undefined {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** "12 Mar 2025". */
export function formatDate(iso: string): string {
  const d = valid(iso);
  return d ? date.format(d) : iso;
}

/** "12 Mar 2025, 10:00"; `unreadable` when the date cannot be read (the date as given by default). */
export function formatDateTime(iso: string, unreadable = iso): string {
  const d = valid(iso);
  return d ? dateTime.format(d) : unreadable;
}

/** 'Never' before the first sign-in; otherwise the date and time. */
export function formatLastLogin(iso: string | null): string {
  return iso ? formatDateTime(iso) : 'Never';
}

/** "3 days ago", "yesterday", "2 hours ago"; 'Never' before the first sign-in; the date after 30 days. */
export function formatLastLoginRelative(iso: string | null, now: Date = new Date()): string {
  if (!iso) return 'Never';
  const d = valid(iso);
  if (!d) return iso;
  const seconds = Math.round((d.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return 'just now';
  if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), 'hour');
  if (abs < 30 * 86_400) return relative.format(Math.round(seconds / 86_400), 'day');
  return formatDate(iso);
}
