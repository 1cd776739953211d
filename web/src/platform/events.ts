/** Application events between parts that do not know each other (spec 2.2 close-frame, 2.4 password reset). */
export interface AppEvents {
  /** Open the change-password dialog in reset mode for another person. */
  'password:reset': { peopleId: string | number; name?: string };
  /** Open the change-password dialog for oneself. */
  'password:change': undefined;
  /** Open the my-downloads dialog. */
  'downloads:open': undefined;
  /** Hide the embedded frame of a path. */
  'frame:close': { path: string };
  /** Lock screen started or closed. */
  'lock:start': undefined;
  'lock:close': undefined;
}

type Handler<K extends keyof AppEvents> = (payload: AppEvents[K]) => void;
const handlers = new Map<keyof AppEvents, Set<Handler<keyof AppEvents>>>();

export function on<K extends keyof AppEvents>(event: K, handler: Handler<K>): () => void {
  const set = handlers.get(event) ?? new Set();
  set.add(handler as Handler<keyof AppEvents>);
  handlers.set(event, set);
  return () => {
    set.delete(handler as Handler<keyof AppEvents>);
  };
}

export function emit<K extends keyof AppEvents>(
  event: K,
  ...payload: AppEvents[K] extends undefined ? [] : [AppEvents[K]]
): void {
  for (const h of handlers.get(event) ?? []) h(payload[0] as AppEvents[keyof AppEvents]);
}

/** Opens the change-password dialog in reset mode (original-password field hidden) for another person. */
export const openPasswordReset = (peopleId: string | number, name?: string): void =>
  emit('password:reset', { peopleId, name });
