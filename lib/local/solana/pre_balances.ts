/**
 * The balances of a transaction's accounts before it runs, which the
 * transaction's meta reports beside those after. Reading them for a program
 * means the size of its program data account (100 KB and more to copy for
 * one length), so sizes are kept until an account is written. And the
 * balances read for a simulation serve the send of the same message that
 * follows with no account written in between (an x402 settlement sends what
 * its verification simulated): that send starts from the same balances.
 *
 * @module
 */
import type { Address } from "@solana/kit";
import { type BalanceSnapshot, snapshotBalances } from "./tx_meta.ts";
import type { AccountKeys } from "./account_keys.ts";
import type { WireTransaction } from "./transaction_decoding.ts";
import type { TrackedLiteSvm } from "./tracked_svm.ts";

/** Reads pre-balances on one chain's runtime, reusing what is still true. */
export class PreBalances {
  readonly #svm: TrackedLiteSvm;
  /** Sizes of program data accounts, read at {@linkcode #sizesVersion}. */
  readonly #programDataSizes = new Map<string, number>();
  #sizesVersion = -1;
  /** The balances before the last simulation, of its message at the accounts version they were read at. */
  #simulated: { messageKey: string; accountsVersion: number; pre: BalanceSnapshot } | undefined;

  constructor(svm: TrackedLiteSvm) {
    this.#svm = svm;
  }

  /** The balances of `wire`'s accounts now, remembered for a send of the same message. */
  forSimulation(wire: WireTransaction, keys: AccountKeys): BalanceSnapshot {
    const pre = this.#read(wire, keys);
    this.#simulated = { messageKey: wire.messageKey, accountsVersion: this.#svm.accountsVersion, pre };
    return pre;
  }

  /** The balances of `wire`'s accounts now: the simulated ones when no account was written since. */
  forExecution(wire: WireTransaction, keys: AccountKeys): BalanceSnapshot {
    const simulated = this.#simulated;
    return simulated?.messageKey === wire.messageKey &&
        simulated.accountsVersion === this.#svm.accountsVersion
      ? simulated.pre
      : this.#read(wire, keys);
  }

  /** The balances of `wire`'s accounts now, before it runs. */
  #read(wire: WireTransaction, keys: AccountKeys): BalanceSnapshot {
    const read = (address: Address) => this.#svm.getAccount(address);
    return snapshotBalances(wire.message, keys, read, { programDataSize: this.#programDataSize });
  }

  /** The size of the program data account at `address`, read again only once an account was written. */
  readonly #programDataSize = (address: Address): number => {
    if (this.#sizesVersion !== this.#svm.accountsVersion) {
      this.#programDataSizes.clear();
      this.#sizesVersion = this.#svm.accountsVersion;
    }
    let size = this.#programDataSizes.get(address);
    if (size === undefined) {
      const account = this.#svm.getAccount(address);
      size = account.exists ? account.data.length : -1;
      this.#programDataSizes.set(address, size);
    }
    return size;
  };
}
