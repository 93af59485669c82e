/**
 * A Map for module-level caches: at most `max` entries, the least recently used one (by get or
 * set) evicted when a set would go over; with `ttlMs`, an entry older than that (since its set)
 * is missing and dropped when met. `ttlMs` may be a function, read on every get, for a limit that
 * can change while the process runs (an env value tests turn on and off). Not for values that
 * must never be lost: every user of a cache must be right on a miss.
 */
export class BoundedMap<K, V> {
  readonly max: number;
  private readonly entries = new Map<K, { value: V; at: number }>();
  private readonly ttlMs: () => number;
  private readonly now: () => number;

  constructor({
    max,
    ttlMs = Infinity,
    now = Date.now,
  }: {
    max: number;
    ttlMs?: number | (() => number);
    /** The clock (tests). */
    now?: () => number;
  }) {
    if (!Number.isInteger(max) || max < 1)
      throw new Error(`BoundedMap max must be a positive integer: ${max}`);
    this.max = max;
    this.ttlMs = typeof ttlMs === 'function' ? ttlMs : () => ttlMs;
    this.now = now;
  }

  get size() {
    return this.entries.size;
  }

  /** The value, when present and not expired; marks it as the most recently used. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (this.now() - entry.at >= this.ttlMs()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, { value, at: this.now() });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as K);
    return this;
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
  }

  /** Drops every entry whose value matches (expired or not). */
  deleteWhere(matches: (value: V, key: K) => boolean) {
    for (const [key, entry] of this.entries) if (matches(entry.value, key)) this.entries.delete(key);
  }
}
