import type { ExamAnswers } from '@learn/shared';

/** What waits in the browser while the network is away: the newest answers and the next sequence number. */
export interface PendingAnswers {
  seq: number;
  answers: ExamAnswers;
  /** Questions changed since the last save the server acknowledged. */
  unsent: string[];
}

export interface AnswerStore {
  get(key: string): Promise<PendingAnswers | undefined>;
  put(key: string, value: PendingAnswers): Promise<void>;
  remove(key: string): Promise<void>;
}

const DB = 'learn-exams';
const STORE = 'pending';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB unavailable'));
  });
}

function run<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const req = fn(tx.objectStore(STORE));
        tx.oncomplete = () => {
          db.close();
          resolve(req.result);
        };
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
      }),
  );
}

/** IndexedDB in the browser; a Map where there is none (tests, very old browsers): answers survive a reload only with IndexedDB. */
export function answerStore(): AnswerStore {
  if (typeof indexedDB === 'undefined') {
    const memory = new Map<string, PendingAnswers>();
    return {
      get: async (k) => memory.get(k),
      put: async (k, v) => void memory.set(k, v),
      remove: async (k) => void memory.delete(k),
    };
  }
  return {
    get: (k) => run<PendingAnswers | undefined>('readonly', (s) => s.get(k) as IDBRequest<PendingAnswers | undefined>),
    put: (k, v) => run('readwrite', (s) => s.put(v, k)).then(() => undefined),
    remove: (k) => run('readwrite', (s) => s.delete(k)).then(() => undefined),
  };
}
