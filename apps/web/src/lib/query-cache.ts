/**
 * Who holds the cached server answers. The auth provider drops them at every sign-in and sign-out through
 * this hook (with the pages' saved copies), which does not import react-query: the signed-out pages (landing, login) never download it.
 */
import { clearSavedCopies } from './saved-copy';

let clearAll: (() => void) | undefined;

export function setQueryCacheOwner(clear: (() => void) | undefined): void {
  clearAll = clear;
}

/** Drops every cached answer, if a cache exists yet (none does before the first signed-in page). */
export function clearQueryCache(): void {
  clearAll?.();
  clearSavedCopies();
}
