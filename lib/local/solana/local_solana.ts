/**
 * The embedded local Solana cluster: LiteSVM behind a validator-compatible
 * JSON-RPC, with devnet USDC planted at its real address, a faucet, and
 * (by default) a seeded history of priority fees. Needs no keys and no network.
 *
 * @example Serving the chain and funding a buyer
 * ```ts
 * const local = await createLocalSolana();
 * await local.fund(buyer, { lamports: 1_000_000_000n, usdc: 5_000_000n });
 * const reply = await local.handleRpc({ jsonrpc: "2.0", id: 1, method: "getSlot" });
 * ```
 *
 * @module
 */
import { generateKeyPairSigner } from "@solana/kit";
import type { Address, Transaction } from "@solana/kit";
import type { TrackedLiteSvm } from "./tracked_svm.ts";
import { LocalChain } from "./chain.ts";
import { creditLamports } from "./faucet.ts";
import { dispatchRpc } from "./rpc_methods.ts";
import { seedHistory } from "./seed.ts";
import type { RpcTransactionError } from "./tx_error.ts";
import { creditUsdc, plantUsdcMint, usdcBalanceOf } from "./usdc.ts";
import { fromKitTransaction } from "./transaction_decoding.ts";

export { LOCAL_USDC_DECIMALS, LOCAL_USDC_MINT } from "./usdc.ts";
export { SEEDED_FEE_ACCOUNT, SEEDED_PRIORITY_FEES } from "./seed.ts";
export { LOCAL_GENESIS_HASH } from "./rpc_cluster.ts";
export { createInProcessRpc } from "./in_process_rpc.ts";

/** The local cluster. */
export interface LocalSolana {
  /**
   * JSON-RPC 2.0 dispatcher: a request object or a batch array in, the
   * validator's response object/array out (`null` when the body held only
   * notifications). Errors come back as `{jsonrpc, id, error}`; it never throws.
   */
  handleRpc(body: unknown): Promise<unknown>;
  /** Airdrops lamports and/or mints USDC (atomic units) into `owner`'s USDC associated token account, creating it if needed. */
  fund(owner: Address, amounts: { lamports?: bigint; usdc?: bigint }): Promise<void>;
  /** USDC (atomic units) in `owner`'s associated token account; `0n` if there is none. */
  usdcBalance(owner: Address): bigint;
  /** Runs a signed transaction through the runtime and records it, exactly as `sendTransaction` with `skipPreflight` does. */
  execute(transaction: Transaction): { signature: string; err: RpcTransactionError | null };
  /**
   * Runs signed transactions in order into one new block (one slot), as a
   * leader packs them, and records those that landed; an outcome per transaction.
   */
  executeInOneSlot(
    transactions: readonly Transaction[],
  ): { signature: string; err: RpcTransactionError | null; landed: boolean }[];
  /** The runtime, for tests that plant programs or accounts. */
  readonly svm: TrackedLiteSvm;
  /** The chain state behind the RPC (slots, ledger, blockhashes). */
  readonly chain: LocalChain;
}

/** Options of {@linkcode createLocalSolana}. */
export interface LocalSolanaOptions {
  /** Land the seeded priority-fee history (default `true`). */
  seedHistory?: boolean;
  /**
   * Later slots that must land before a transaction is finalized (default 0:
   * at once). Until then `getSignatureStatuses` reports it processed (in the
   * newest slot) or confirmed, and `getTransaction` returns it only at
   * `confirmed` commitment, as a validator does.
   */
  finalityLagSlots?: number;
}

/**
 * Starts a local cluster.
 *
 * @throws {RangeError} if `finalityLagSlots` is not a non-negative integer
 */
export async function createLocalSolana(options: LocalSolanaOptions = {}): Promise<LocalSolana> {
  const chain = new LocalChain({ finalityLagSlots: options.finalityLagSlots });
  const mintAuthority = await generateKeyPairSigner();
  plantUsdcMint(chain.svm, mintAuthority.address);
  if (options.seedHistory ?? true) await seedHistory(chain);
  return {
    svm: chain.svm,
    chain,
    handleRpc(body) {
      try {
        const response = dispatchRpc(chain, body);
        return Promise.resolve(response === null ? null : JSON.parse(JSON.stringify(response)));
      } catch (error) {
        const data = error instanceof Error ? error.message : String(error);
        return Promise.resolve({
          jsonrpc: "2.0",
          error: { code: -32603, message: "Internal error", data },
          id: null,
        });
      }
    },
    fund(owner, { lamports, usdc }) {
      if ((lamports ?? 0n) < 0n || (usdc ?? 0n) < 0n) {
        return Promise.reject(new RangeError(`Cannot fund "${owner}": amounts must not be negative`));
      }
      if (lamports !== undefined && lamports > 0n) creditLamports(chain.svm, owner, lamports);
      if (usdc !== undefined) creditUsdc(chain.svm, owner, usdc);
      return Promise.resolve();
    },
    usdcBalance: (owner) => usdcBalanceOf(chain.svm, owner),
    execute(transaction) {
      const { signature, err } = chain.execute(fromKitTransaction(transaction));
      return { signature, err };
    },
    executeInOneSlot(transactions) {
      return chain.executeBatch(
        transactions.map((transaction) => ({ wire: fromKitTransaction(transaction) })),
      );
    },
  };
}
