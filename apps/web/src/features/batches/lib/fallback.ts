import type { BatchRow } from '@learn/shared';

/** The last good batch list, kept for when the server cannot be reached (platform-core.md section 4). */
export const FALLBACK_KEY = 'fallback_batches_data';
export const FALLBACK_TIMESTAMP_KEY = 'fallback_batches_timestamp';

export interface FallbackBatches {
  batches: BatchRow[];
  savedAt: string;
}

export function saveFallback(batches: BatchRow[], now: Date = new Date()): void {
  try {
    localStorage.setItem(FALLBACK_KEY, JSON.stringify(batches));
    localStorage.setItem(FALLBACK_TIMESTAMP_KEY, now.toISOString());
  } catch {
    /* storage full or unavailable: the fallback is a convenience, not a requirement */
  }
}

function isBatchRow(v: unknown): v is BatchRow {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return typeof r.id === 'string' && typeof r.name === 'string';
}

/**
 * The saved list, `null` when nothing was saved; throws when what is stored cannot be read, so the caller
 * can report 'Error Applying Fallback'.
 */
export function loadFallback(): FallbackBatches | null {
  let raw: string | null;
  let savedAt: string | null;
  try {
    raw = localStorage.getItem(FALLBACK_KEY);
    savedAt = localStorage.getItem(FALLBACK_TIMESTAMP_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  const parsed: unknown = JSON.parse(raw);
  if (!Array.isArray(parsed) || !parsed.every(isBatchRow)) throw new Error('The saved batch list is not readable.');
  return {
    batches: parsed.map((b) => ({ id: b.id, name: b.name, studentCount: typeof b.studentCount === 'number' ? b.studentCount : 0 })),
    savedAt: savedAt ?? '',
  };
}

export function hasFallback(): boolean {
  try {
    return localStorage.getItem(FALLBACK_KEY) !== null;
  } catch {
    return false;
  }
}
