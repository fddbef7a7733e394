/**
 * A small in-process cache for read-mostly answers. Entries expire after `ttlMs` and all of them
 * are dropped by `clear()` when the data behind them changes in this process; the TTL bounds how
 * stale another instance's copy can be.
 */
export function createCache<V>(ttlMs: number, maxEntries = 500) {
  const entries = new Map<string, { value: V; expires: number }>();
  return {
    async get(key: string, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      const now = Date.now();
      if (hit && hit.expires > now) return hit.value;
      const value = await load();
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, expires: now + ttlMs });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
