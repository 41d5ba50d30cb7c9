/**
 * Finalized transactions never change, so their explanations are kept: one
 * bounded LRU per RPC client (a client is one cluster), keyed by signature.
 *
 * @module
 */
import { LruCache } from "../../shared/lru.ts";
import type { SolanaClient } from "../rpc.ts";

/** Explanations kept per RPC client. */
export const EXPLAIN_CACHE_CAPACITY = 2048;

const caches = new WeakMap<SolanaClient, LruCache<string, unknown>>();

/**
 * The cache of finalized explanations for `client`.
 *
 * @example
 * ```ts
 * const cache = explainCache<ExplainResult>(client);
 * cache.get(signature);
 * ```
 */
export function explainCache<T>(client: SolanaClient): LruCache<string, T> {
  let cache = caches.get(client);
  if (!cache) caches.set(client, cache = new LruCache(EXPLAIN_CACHE_CAPACITY));
  return cache as LruCache<string, T>;
}
