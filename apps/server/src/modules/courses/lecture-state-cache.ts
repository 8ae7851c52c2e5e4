import type { PubSub } from '../../platform/pubsub.js';
import type { lectureState } from './repository.js';

export type LectureState = NonNullable<Awaited<ReturnType<typeof lectureState>>>;

/**
 * What decides a reader's lecture read (the lecture's and its assignment's versions, the reader's grants and
 * completion), kept per reader and lecture so a repeat read asks the database nothing.
 *
 * Everything that changes one of those publishes an event through pub/sub, which reaches every instance:
 * `access.changed` (grants of a student), `progress.changed` (a completion), `lecture.changed` (an edit of the
 * lecture or its assignment). An entry is also never older than `maxAgeMs`, a safety net for a write that
 * forgot to announce itself. Bounded: past `maxReaders`, the reader seen longest ago goes first.
 */
export class LectureStateCache {
  private readonly readers = new Map<string, Map<string, { state: LectureState; at: number }>>();
  private readonly unsubscribe: () => void;

  constructor(
    pubsub: PubSub,
    private readonly maxAgeMs = 60_000,
    private readonly maxReaders = 5_000,
  ) {
    this.unsubscribe = pubsub.subscribe((event) => {
      if (event.type === 'access.changed') this.readers.delete(event.studentId);
      else if (event.type === 'progress.changed') this.readers.get(event.studentId)?.delete(event.lectureId);
      else if (event.type === 'lecture.changed') for (const lectures of this.readers.values()) lectures.delete(event.lectureId);
      else if (event.type === 'pubsub.reconnected') this.readers.clear(); // announcements may have been missed
    });
  }

  get(readerId: string, lectureId: string, now: number): LectureState | undefined {
    const lectures = this.readers.get(readerId);
    const entry = lectures?.get(lectureId);
    if (!entry) return undefined;
    if (now - entry.at >= this.maxAgeMs) {
      lectures!.delete(lectureId);
      return undefined;
    }
    return entry.state;
  }

  set(readerId: string, lectureId: string, state: LectureState, now: number): void {
    let lectures = this.readers.get(readerId);
    if (lectures)
      this.readers.delete(readerId); // re-inserted below: most recently seen last
    else {
      if (this.readers.size >= this.maxReaders) this.readers.delete(this.readers.keys().next().value!);
      lectures = new Map();
    }
    this.readers.set(readerId, lectures);
    lectures.set(lectureId, { state, at: now });
  }

  close(): void {
    this.unsubscribe();
    this.readers.clear();
  }
}
