const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** "12 Mar 2025" in the reader's locale; an unreadable date is shown as given. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateFormat.format(d);
}

/** "3 days ago", "yesterday", "2 hours ago"; 'Never' when the student has not signed in yet. */
export function formatLastLogin(iso: string | null, now: Date = new Date()): string {
  if (!iso) return 'Never';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const seconds = Math.round((d.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return 'just now';
  if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), 'hour');
  if (abs < 30 * 86_400) return relative.format(Math.round(seconds / 86_400), 'day');
  return formatDate(iso);
}

/** The first word of a name, for a friendly greeting. */
export function firstName(name: string | undefined): string {
  return name?.trim().split(/\s+/)[0] ?? '';
}
