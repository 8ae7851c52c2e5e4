import { useCallback, useEffect, useMemo, useState } from 'react';

/**
 * The last good answer of a page, kept for this tab only (sessionStorage, under `learn.saved.`) so that a
 * page whose server is slow can offer it through 'Apply Fallback Data'. Dropped at every sign-in and
 * sign-out (`clearSavedCopies`), so a shared computer never shows one user's copy to the next.
 */
const PREFIX = 'learn.saved.';

export interface SavedCopy<T> {
  data: T;
  savedAt: string;
}

export function clearSavedCopies(): void {
  try {
    for (let i = sessionStorage.length - 1; i >= 0; i--) {
      const k = sessionStorage.key(i);
      if (k?.startsWith(PREFIX)) sessionStorage.removeItem(k);
    }
  } catch {
    /* storage unavailable: nothing was saved */
  }
}

function read<T>(key: string): SavedCopy<T> | null {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as SavedCopy<T>) : null;
  } catch {
    return null;
  }
}

/**
 * Saves `data` under `key` whenever a fresh one arrives; `saved` is the copy there was when the page opened
 * on that key, `applied` is true once the user chose to see it, until fresh data arrives.
 */
export function useSavedCopy<T>(key: string | undefined, data: T | undefined) {
  // Read once per key: the copy from before this visit, not the one this visit is writing.
  const saved = useMemo(() => (key ? read<T>(key) : null), [key]);
  const [appliedKey, setAppliedKey] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!key || data === undefined) return;
    try {
      sessionStorage.setItem(PREFIX + key, JSON.stringify({ data, savedAt: new Date().toISOString() } satisfies SavedCopy<T>));
    } catch {
      /* storage full: the copy is a convenience */
    }
  }, [key, data]);
  const apply = useCallback(() => setAppliedKey(key), [key]);
  return { saved, applied: !!saved && appliedKey === key && data === undefined, apply: saved ? apply : undefined };
}
