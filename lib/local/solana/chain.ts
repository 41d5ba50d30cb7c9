/**
 * The local chain: LiteSVM as the runtime, plus what a cluster adds around
 * it — slots and block heights (every landed transaction, or batch of them,
 * gets its own new block, final at once or after a set number of later
 * slots), a queue of recent blockhashes valid for 150 blocks, a
 * status cache that refuses a message twice, the ledger of executed
 * transactions and the per-slot priority fees.
 *
 * LiteSVM's own blockhash check and history are switched off: it only knows
 * one blockhash, while concurrent payments need every blockhash of the last
 * 150 blocks to stay valid.
 *
 * @module
 */
import { Clock, EpochSchedule, FailedTransactionMetadata } from "litesvm";
import type { Address, MaybeEncodedAccount } from "@solana/kit";
import { type AccountKeys, type KeysResult, resolveAccountKeys } from "./account_keys.ts";
import { messageFee } from "./compute_budget.ts";
import { commitmentAtDepth, type CommitmentStatus } from "./commitment.ts";
import { Ledger } from "./ledger.ts";
import { MAX_RECENT_BLOCKHASHES, RecentBlockhashes } from "./recent_blockhashes.ts";
import { fromLiteSvmError, type RpcTransactionError } from "./tx_error.ts";
import { buildExecutionMeta, snapshotBalances } from "./tx_meta.ts";
import { PreBalances } from "./pre_balances.ts";
import { feePayerOf, type WireTransaction, withRecentBlockhash } from "./transaction_decoding.ts";
import { nonceOf } from "./nonce.ts";
import { verifyTransactionSignatures } from "./signatures.ts";
import { TrackedLiteSvm } from "./tracked_svm.ts";
import type {
  ExecuteOutcome,
  LedgerEntry,
  LocalChainOptions,
  SimulateOptions,
  SimulationOutcome,
} from "./chain_outcomes.ts";
import { ranSimulation, refusedSimulation } from "./simulation_outcome.ts";

export type * from "./chain_outcomes.ts";

/** Blocks a blockhash stays valid for. */
export const MAX_PROCESSING_AGE = 150n;
/** Blocks a simulation accepts (six fewer, as the validator allows for forwarding). */
const MAX_SIMULATION_AGE = 144n;
const SLOTS_PER_EPOCH = 432_000n;
const GENESIS_SLOT = 100_000n;
const GENESIS_BLOCK_HEIGHT = 99_000n;

/** The local chain. Every method is synchronous: calls never interleave. */
export class LocalChain {
  /** The runtime (writes made straight to it count as state changes too). */
  readonly svm: TrackedLiteSvm;
  #slot = GENESIS_SLOT;
  #blockHeight = GENESIS_BLOCK_HEIGHT;
  #blockTime = Math.floor(Date.now() / 1000);
  #latestBlockhash: string;
  readonly #blockhashes = new RecentBlockhashes();
  readonly #ledger = new Ledger();
  readonly #finalityLagSlots: number;
  /** Balances before a transaction runs, reused from its simulation when still true. */
  readonly #preBalances: PreBalances;

  /** @throws {RangeError} if `finalityLagSlots` is not a non-negative integer */
  constructor(options: LocalChainOptions = {}) {
    const lag = options.finalityLagSlots ?? 0;
    if (!Number.isSafeInteger(lag) || lag < 0) {
      throw new RangeError(`Invalid finalityLagSlots "${lag}": expected a non-negative integer`);
    }
    this.#finalityLagSlots = lag;
    this.svm = new TrackedLiteSvm();
    this.#preBalances = new PreBalances(this.svm);
    this.svm.withBlockhashCheck(false).withTransactionHistory(0n).withSigverify(true);
    this.svm.setEpochSchedule(new EpochSchedule(SLOTS_PER_EPOCH, SLOTS_PER_EPOCH, false, 0n, 0n));
    this.#setClock(this.#slot, this.#blockTime);
    this.#latestBlockhash = this.svm.latestBlockhash();
    this.#blockhashes.add(this.#latestBlockhash, this.#blockHeight);
  }

  /** The newest slot (also the finalized one unless a finality lag is set). */
  get slot(): bigint {
    return this.#slot;
  }

  /** The current block height. */
  get blockHeight(): bigint {
    return this.#blockHeight;
  }

  /** Unix time of the current block. */
  get blockTime(): number {
    return this.#blockTime;
  }

  /**
   * A number that changes whenever the chain's state may have: a transaction
   * was executed, a block produced, or accounts written straight to
   * {@linkcode LocalChain.svm}. Two simulations of one transaction at the
   * same version give the same answer.
   */
  get stateVersion(): number {
    return this.svm.version;
  }

  /** Landed transactions so far. */
  get transactionCount(): number {
    return this.#ledger.count;
  }

  /** The newest blockhash and the last block height it can land at. */
  latestBlockhash(): { blockhash: string; lastValidBlockHeight: bigint } {
    return { blockhash: this.#latestBlockhash, lastValidBlockHeight: this.#blockHeight + MAX_PROCESSING_AGE };
  }

  /** Whether a transaction using `blockhash` may still land. */
  isBlockhashValid(blockhash: string, maxAge = MAX_PROCESSING_AGE): boolean {
    return this.#blockhashes.isValid(blockhash, this.#blockHeight, maxAge);
  }

  /** Reads an account. */
  account(address: Address): MaybeEncodedAccount {
    return this.svm.getAccount(address);
  }

  /** Resolves a message's accounts, lookup tables included. */
  resolveKeys(wire: WireTransaction): KeysResult {
    return resolveAccountKeys(wire.message, (address) => this.svm.getAccount(address));
  }

  /** A landed transaction by signature. */
  transaction(signature: string): LedgerEntry | undefined {
    return this.#ledger.get(signature);
  }

  /** Landed transactions naming `address` among their accounts, newest first, at most `limit`. */
  transactionsOf(address: string, limit: number): LedgerEntry[] {
    return this.#ledger.transactionsOf(address, limit);
  }

  /** How far a landed transaction got: processed, confirmed or finalized, with its confirmations. */
  commitment(entry: LedgerEntry): CommitmentStatus {
    return commitmentAtDepth(this.#slot - entry.slot, this.#finalityLagSlots);
  }

  /** The status-cache view: only blocks of the last 300 slots unless `searchHistory`. */
  status(signature: string, searchHistory: boolean): LedgerEntry | undefined {
    const entry = this.#ledger.get(signature);
    if (!entry) return undefined;
    return searchHistory || this.#slot - entry.slot <= BigInt(MAX_RECENT_BLOCKHASHES) ? entry : undefined;
  }

  /**
   * Runs a transaction as the leader would: checks its blockhash (or nonce)
   * and the status cache, executes it in a new block, and records it when it
   * landed. Signatures are always verified.
   */
  execute(wire: WireTransaction, keys?: AccountKeys): ExecuteOutcome {
    return this.executeBatch([{ wire, keys }])[0]!;
  }

  /**
   * Runs transactions in order into ONE new block, as a leader packing an
   * entry: each is checked and executed against the state the previous ones
   * left, and those that landed share the block's slot and fee statistics.
   * No block is produced when none landed.
   */
  executeBatch(transactions: readonly { wire: WireTransaction; keys?: AccountKeys }[]): ExecuteOutcome[] {
    const blockTime = Math.max(this.#blockTime, Math.floor(Date.now() / 1000));
    const slot = this.#slot + 1n;
    this.#setClock(slot, blockTime);
    const landed: LedgerEntry[] = [];
    const outcomes = transactions.map(({ wire, keys }) => {
      const { outcome, entry } = this.#runInBlock(wire, keys, slot, blockTime);
      if (entry) landed.push(entry);
      return outcome;
    });
    if (landed.length === 0) {
      this.#setClock(this.#slot, this.#blockTime);
      return outcomes;
    }
    this.#produceBlock(blockTime);
    for (const entry of landed) this.#ledger.record(entry);
    return outcomes;
  }

  /**
   * Simulates a transaction against the current state without committing
   * anything. With `sigVerify`, signatures are checked first and a failure
   * is reported as `SignatureFailure` before anything else.
   */
  simulate(original: WireTransaction, keys: AccountKeys, options: SimulateOptions): SimulationOutcome {
    let wire = original;
    let replacementBlockhash: SimulationOutcome["replacementBlockhash"] = null;
    if (options.replaceRecentBlockhash) {
      replacementBlockhash = this.latestBlockhash();
      wire = withRecentBlockhash(original, replacementBlockhash.blockhash);
    }
    const pre = this.#preBalances.forSimulation(wire, keys);
    const fee = messageFee(wire.message);
    const rejection = options.sigVerify && !verifyTransactionSignatures(wire)
      ? "SignatureFailure"
      : this.#checkFreshness(wire, MAX_SIMULATION_AGE);
    const run = { keys, pre, fee, replacementBlockhash };
    if (rejection) return refusedSimulation(run, rejection);

    // Signatures were checked above when asked for; the runtime need not repeat it.
    this.svm.withSigverify(false);
    const result = this.#run(() => this.svm.simulateTransaction(wire.transaction));
    this.svm.withSigverify(true);
    return ranSimulation(this.svm, wire, run, result);
  }

  /**
   * Per slot of the last 150, the lowest compute-unit price (micro-lamports)
   * among landed transactions; with `accounts`, raised to the lowest price
   * paid by transactions write-locking each of them, as the validator combines them.
   */
  recentPrioritizationFees(accounts: readonly string[]): { slot: bigint; prioritizationFee: bigint }[] {
    return this.#ledger.recentPrioritizationFees(accounts);
  }

  /** Executes one transaction in the block being built at `slot`; the entry when it landed. */
  #runInBlock(
    wire: WireTransaction,
    keys: AccountKeys | undefined,
    slot: bigint,
    blockTime: number,
  ): { outcome: ExecuteOutcome; entry?: LedgerEntry } {
    const { signature } = wire;
    const resolved = keys ? { ok: true as const, keys } : this.resolveKeys(wire);
    if (!resolved.ok) return { outcome: { signature, err: resolved.err, landed: false } };
    const rejection = this.#checkFreshness(wire, MAX_PROCESSING_AGE);
    if (rejection) return { outcome: { signature, err: rejection, landed: false } };

    const read = (address: Address) => this.svm.getAccount(address);
    const pre = this.#preBalances.forExecution(wire, resolved.keys);
    const result = this.#run(() => this.svm.sendTransaction(wire.transaction));
    const payerAfter = this.svm.getBalance(feePayerOf(wire.message)) ?? 0n;
    const err = result instanceof FailedTransactionMetadata
      ? fromLiteSvmError(result.err())
      : result === null
      ? "SignatureFailure"
      : null;
    const landed = err === null || payerAfter < (pre.lamports[0] ?? 0n);
    if (!landed) return { outcome: { signature, err, landed } };

    const post = snapshotBalances(wire.message, resolved.keys, read, { before: pre });
    const meta = buildExecutionMeta({
      err,
      fee: messageFee(wire.message),
      keys: resolved.keys,
      pre,
      post,
      result: result instanceof FailedTransactionMetadata ? result.meta() : result,
    });
    // The status cache refuses the same message again, later in this block too.
    this.#blockhashes.markProcessed(wire.messageKey, this.#blockHeight + 1n);
    const entry = { signature, slot, blockTime, wire, keys: resolved.keys, meta };
    return { outcome: { signature, err, landed }, entry };
  }

  #checkFreshness(wire: WireTransaction, maxAge: bigint): RpcTransactionError | null {
    const token = wire.message.lifetimeToken;
    const fresh = this.isBlockhashValid(token, maxAge) ||
      nonceOf(wire.message, (address) => this.svm.getAccount(address)) === token;
    if (!fresh) return "BlockhashNotFound";
    if (this.#blockhashes.wasProcessed(wire.messageKey)) return "AlreadyProcessed";
    return null;
  }

  #run<T>(send: () => T): T | null {
    try {
      return send();
    } catch {
      // LiteSVM refuses transactions with unsigned slots before running them.
      return null;
    }
  }

  #produceBlock(blockTime: number): void {
    this.#slot += 1n;
    this.#blockHeight += 1n;
    this.#blockTime = blockTime;
    this.svm.expireBlockhash();
    this.#latestBlockhash = this.svm.latestBlockhash();
    this.#blockhashes.add(this.#latestBlockhash, this.#blockHeight);
  }

  #setClock(slot: bigint, unixTimestamp: number): void {
    const epoch = slot / SLOTS_PER_EPOCH;
    this.svm.setClock(new Clock(slot, BigInt(unixTimestamp), epoch, epoch + 1n, BigInt(unixTimestamp)));
  }
}
