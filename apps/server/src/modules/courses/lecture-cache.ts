import { createHash } from 'node:crypto';
import type { AccessKind } from '@learn/shared';

/**
 * The serialized lecture view (all but the reader's `completed` flag) per lecture and set of visible
 * sections, kept with the version it was built from: the lecture's and its assignment's `updated_at`. An
 * edit in this process drops the lecture's entries; an edit by another instance changes the version, so
 * the entry here no longer matches and is rebuilt. One cache per database (tests run several apps).
 */
export interface CachedLecture {
  version: string;
  /**
   * The answer for a reader who has not completed the lecture ([0]) and one who has ([1]): its bytes and its
   * ETag (the content's hash and the completion), made once here, not on every read.
   */
  answers: [LectureAnswer, LectureAnswer];
}

export interface LectureAnswer {
  etag: string;
  body: Buffer;
}

const caches = new WeakMap<object, Map<string, CachedLecture>>();

function cacheFor(db: object) {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

const keyOf = (lectureId: string, access: Record<AccessKind, boolean>) =>
  `${lectureId}|${Number(access.explanation)}${Number(access.code)}${Number(access.assignment)}`;

export function cachedLecture(db: object, lectureId: string, access: Record<AccessKind, boolean>, version: string) {
  const entry = cacheFor(db).get(keyOf(lectureId, access));
  return entry?.version === version ? entry : undefined;
}

export function storeLecture(db: object, lectureId: string, access: Record<AccessKind, boolean>, version: string, view: object) {
  const json = JSON.stringify(view);
  const head = json.slice(0, -1);
  const hash = createHash('sha1').update(json).digest('base64url').slice(0, 20);
  const entry: CachedLecture = {
    version,
    answers: [
      { etag: `W/"${hash}-0"`, body: Buffer.from(`${head},"completed":false}`) },
      { etag: `W/"${hash}-1"`, body: Buffer.from(`${head},"completed":true}`) },
    ],
  };
  cacheFor(db).set(keyOf(lectureId, access), entry);
  return entry;
}

export function forgetLecture(db: object, lectureId: string) {
  const cache = cacheFor(db);
  for (const key of cache.keys()) if (key.startsWith(`${lectureId}|`)) cache.delete(key);
}
