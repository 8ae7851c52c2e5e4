/** Spec 5: a mate cannot remove their own account, and the last mate account cannot be removed. */
export const OWN_ACCOUNT = 'You cannot remove your own account.';
export const LAST_MATE = 'Cannot remove the last mate account.';

/**
 * Why this removal is refused before any call, or an empty list. Both reasons are given when both apply
 * (the only mate is oneself); the server checks again and its refusal is shown too.
 */
export function removalRefusals(targetId: string, signedInId: string | undefined, mateCount: number): string[] {
  const out: string[] = [];
  if (targetId === signedInId) out.push(OWN_ACCOUNT);
  if (mateCount <= 1) out.push(LAST_MATE);
  return out;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** 'Never' before the first sign-in; otherwise the date and time in the reader's locale. */
export function formatLastLogin(iso: string | null): string {
  if (!iso) return 'Never';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateFormat.format(d);
}
