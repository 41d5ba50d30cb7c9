/**
 * The local chain's (`chain.ts`) memory of recent blocks: the blockhashes of
 * the last 300 blocks with the height each was made at, so a transaction
 * naming any of the last 150 may land, and the status cache of messages
 * already processed, which refuses one sent twice while its blockhash could
 * still be valid. Apart from the chain because it only remembers, it runs nothing.
 *
 * @module
 */

/** Recent blockhashes the chain remembers (and slots the status cache answers for). */
export const MAX_RECENT_BLOCKHASHES = 300;

/** Recent blockhashes by block height, and the messages processed under them. */
export class RecentBlockhashes {
  readonly #heights = new Map<string, bigint>();
  /** Message → block height it landed at, while its blockhash could still be valid. */
  readonly #processed = new Map<string, bigint>();

  /**
   * Remembers the blockhash of a new block at `height`, forgetting the oldest
   * past {@linkcode MAX_RECENT_BLOCKHASHES} and messages whose blockhash can
   * no longer be valid.
   */
  add(blockhash: string, height: bigint): void {
    this.#heights.set(blockhash, height);
    if (this.#heights.size > MAX_RECENT_BLOCKHASHES) {
      const oldest = this.#heights.keys().next().value;
      if (oldest !== undefined) this.#heights.delete(oldest);
    }
    // A message's blockhash is invalid 150 blocks after it landed; keep twice that, then forget it.
    for (const [key, landedAt] of this.#processed) {
      if (height - landedAt <= BigInt(MAX_RECENT_BLOCKHASHES)) break;
      this.#processed.delete(key);
    }
  }

  /** Whether `blockhash` was made at most `maxAge` blocks before `height`. */
  isValid(blockhash: string, height: bigint, maxAge: bigint): boolean {
    const madeAt = this.#heights.get(blockhash);
    return madeAt !== undefined && height - madeAt <= maxAge;
  }

  /** Records that the message `messageKey` landed at block `height`. */
  markProcessed(messageKey: string, height: bigint): void {
    this.#processed.set(messageKey, height);
  }

  /** Whether the message `messageKey` landed while its blockhash could still be valid. */
  wasProcessed(messageKey: string): boolean {
    return this.#processed.has(messageKey);
  }
}
