/**
 * The prioritization-fee history a validator keeps for
 * `getRecentPrioritizationFees`: per recent block, the lowest compute-unit
 * price among its transactions, and per write-locked account the lowest price
 * paid by the transactions locking it.
 *
 * @module
 */

/** Blocks remembered, as the validator's cache. */
export const MAX_FEE_BLOCKS = 150;

interface BlockFees {
  slot: bigint;
  minPrice: bigint;
  accountMin: Map<string, bigint>;
}

/** Prioritization fees of the last {@linkcode MAX_FEE_BLOCKS} blocks. */
export class FeeHistory {
  readonly #blocks: BlockFees[] = [];

  /** Records a landed transaction's compute-unit price and the accounts it write-locked. */
  record(slot: bigint, price: bigint, writable: Iterable<string>): void {
    let block = this.#blocks.at(-1);
    if (!block || block.slot !== slot) {
      block = { slot, minPrice: price, accountMin: new Map() };
      this.#blocks.push(block);
      if (this.#blocks.length > MAX_FEE_BLOCKS) this.#blocks.shift();
    }
    if (price < block.minPrice) block.minPrice = price;
    for (const account of writable) {
      const known = block.accountMin.get(account);
      if (known === undefined || price < known) block.accountMin.set(account, price);
    }
  }

  /**
   * Per block, oldest first: the block minimum, raised to the minimum paid
   * for each listed account the block's transactions write-locked — the
   * validator's rule.
   */
  recent(accounts: readonly string[]): { slot: bigint; prioritizationFee: bigint }[] {
    return this.#blocks.map(({ slot, minPrice, accountMin }) => {
      let fee = minPrice;
      for (const account of accounts) {
        const price = accountMin.get(account);
        if (price !== undefined && price > fee) fee = price;
      }
      return { slot, prioritizationFee: fee };
    });
  }
}
