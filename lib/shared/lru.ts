/**
 * A bounded least-recently-used map: reading or writing a key makes it the
 * most recent, and adding past the capacity drops the least recent one.
 *
 * @module
 */

/** A map that keeps at most `capacity` entries, dropping the least recently used. */
export class LruCache<K, V> {
  readonly #capacity: number;
  readonly #entries = new Map<K, V>();
  /** The key last made the most recent (held, unless deleted since). */
  #newest: K | undefined;

  /**
   * @param capacity Most entries kept; at least 1.
   * @throws {RangeError} When `capacity` is not a positive integer.
   *
   * @example Keeping the two most recent entries
   * ```ts
   * const cache = new LruCache<string, number>(2);
   * cache.set("a", 1); cache.set("b", 2); cache.get("a"); cache.set("c", 3);
   * cache.has("b"); // false: "b" was the least recently used
   * ```
   */
  constructor(capacity: number) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) {
      throw new RangeError(`Invalid LRU capacity "${capacity}": expected a positive integer`);
    }
    this.#capacity = capacity;
  }

  /** Entries held now. */
  get size(): number {
    return this.#entries.size;
  }

  /** Most entries kept. */
  get capacity(): number {
    return this.#capacity;
  }

  /** The value for `key`, which becomes the most recently used; `undefined` when absent. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined && !this.#entries.has(key)) return undefined;
    // Already the most recent (the same key asked again, as under load): nothing to move.
    if (key !== this.#newest) {
      this.#entries.delete(key);
      this.#entries.set(key, value as V);
      this.#newest = key;
    }
    return value;
  }

  /** Whether `key` is held, without changing its recency. */
  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /** Stores `value` as the most recently used entry, dropping the least recent one when full. */
  set(key: K, value: V): this {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    this.#newest = key;
    if (this.#entries.size > this.#capacity) {
      const oldest = this.#entries.keys().next().value as K;
      this.#entries.delete(oldest);
    }
    return this;
  }

  /** Removes `key`; returns whether it was held. */
  delete(key: K): boolean {
    if (key === this.#newest) this.#newest = undefined;
    return this.#entries.delete(key);
  }

  /** Removes every entry. */
  clear(): void {
    this.#newest = undefined;
    this.#entries.clear();
  }
}
