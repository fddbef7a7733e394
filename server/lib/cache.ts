/**
 * A counter that data writers bump so every cache keyed on it drops what it holds. `onBump`
 * listeners hear this process's writes (the relay to other instances, server/lib/epoch-relay.ts);
 * `follow` moves the epoch for a write another instance made, without telling them again.
 */
export function createEpoch() {
  let value = 0;
  const listeners = new Set<() => void>();
  return {
    get value() {
      return value;
    },
    bump() {
      value += 1;
      for (const listener of listeners) listener();
    },
    follow() {
      value += 1;
    },
    onBump(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type Epoch = ReturnType<typeof createEpoch>;

/**
 * A small in-process cache for read-mostly answers. Entries expire after `ttlMs` and all of them
 * are dropped when the epoch they were read under moves on (a write in this process); the TTL
 * bounds how stale another instance's copy can be.
 */
export function createCache<V>(ttlMs: number, epoch: Epoch = createEpoch(), maxEntries = 500) {
  const entries = new Map<string, { value: V; expires: number }>();
  let seenEpoch = epoch.value;
  return {
    peek(key: string): V | undefined {
      if (seenEpoch !== epoch.value) {
        entries.clear();
        seenEpoch = epoch.value;
      }
      const hit = entries.get(key);
      return hit && hit.expires > Date.now() ? hit.value : undefined;
    },
    set(key: string, value: V) {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, expires: Date.now() + ttlMs });
    },
    async get(key: string, load: () => Promise<V>): Promise<V> {
      const hit = this.peek(key);
      if (hit !== undefined) return hit;
      return (await this.getMany([key], async () => new Map([[key, await load()]]))).get(key) as V;
    },
    /**
     * The values of several keys: those held, and the others from one `load` of the missing keys
     * only (a key `load` leaves out has no value, and is asked for again next time). What was read
     * while a write moved the epoch is answered but not kept.
     */
    async getMany(keys: readonly string[], load: (missing: string[]) => Promise<Map<string, V>>): Promise<Map<string, V>> {
      const found = new Map<string, V>();
      const missing: string[] = [];
      for (const key of keys) {
        const hit = this.peek(key);
        if (hit !== undefined) found.set(key, hit);
        else missing.push(key);
      }
      if (missing.length === 0) return found;
      const readAt = epoch.value;
      const loaded = await load(missing);
      for (const [key, value] of loaded) {
        found.set(key, value);
        if (readAt === epoch.value) this.set(key, value);
      }
      return found;
    },
    clear() {
      entries.clear();
    },
  };
}
