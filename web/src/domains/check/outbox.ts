import { useSyncExternalStore } from 'react';
import { HttpError } from '../../platform/http/client';
import { readSession } from '../../platform/session/storage';
import { answerItem } from './api';

/**
 * Answers recorded while the phone had no network: kept in localStorage per user, one per item (a later
 * answer replaces an earlier one, so nothing is sent twice), and sent in the order they were made when the
 * network returns. An answer the server refuses is dropped (the client shows why); one that gets no answer
 * stays for the next try.
 */
export interface PendingAnswer {
  id: number;
  taskId: number;
  answer: string | null;
  note: string | null;
  photos: unknown[];
  at: number;
}

type Box = Record<string, PendingAnswer>;
const RETRY_MS = 15_000;
const key = () => `check-outbox:${readSession('userId') ?? ''}`;
const listeners = new Set<() => void>();
let snapshot: Box | null = null;

function read(): Box {
  if (snapshot) return snapshot;
  try {
    snapshot = JSON.parse(localStorage.getItem(key()) ?? '{}') as Box;
  } catch {
    snapshot = {};
  }
  return snapshot;
}

function write(box: Box): void {
  snapshot = box;
  if (Object.keys(box).length) localStorage.setItem(key(), JSON.stringify(box));
  else localStorage.removeItem(key());
  for (const l of listeners) l();
}

/** Sends an answer now; without a network it is kept and sent later. True when it reached the server. */
export async function sendAnswer(answer: Omit<PendingAnswer, 'at'>): Promise<'sent' | 'kept'> {
  const { taskId: _task, ...body } = answer;
  try {
    await answerItem(body);
    const { [String(answer.id)]: _sent, ...rest } = read();
    if (_sent) write(rest);
    return 'sent';
  } catch (err) {
    if (!(err instanceof HttpError && err.status === 0)) throw err;
    write({ ...read(), [String(answer.id)]: { ...answer, at: Date.now() } });
    start();
    return 'kept';
  }
}

let flushing: Promise<number> | null = null;

async function sendKept(): Promise<number> {
  let sent = 0;
  for (const p of Object.values(read()).sort((a, b) => a.at - b.at)) {
    try {
      await answerItem({ id: p.id, answer: p.answer, note: p.note, photos: p.photos });
      sent++;
    } catch (err) {
      if (err instanceof HttpError && err.status === 0) break;
    }
    const { [String(p.id)]: _done, ...rest } = read();
    write(rest);
  }
  return sent;
}

/** Sends what is kept, oldest first; stops at the first call that gets no answer. One run at a time. */
export function flush(): Promise<number> {
  // Cleared in a then-callback, which runs after the assignment even when nothing was kept.
  flushing ??= sendKept().finally(() => {
    flushing = null;
  });
  return flushing;
}

let started = false;
/** Listens for the network coming back, and tries again now and then while anything is kept. */
export function start(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => void flush());
  window.setInterval(() => {
    if (Object.keys(read()).length && navigator.onLine) void flush();
  }, RETRY_MS);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The kept answers (a new object whenever they change). */
export const useOutbox = (): Box => useSyncExternalStore(subscribe, read, read);
