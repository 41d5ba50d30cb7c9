/**
 * How the local chain (`chain.ts`) turns a simulation into its outcome: one
 * refused before it ran, one the runtime failed (a failure in an instruction
 * still charges the fee payer), and one that succeeded, whose balances after
 * are read from the accounts the runtime left. Apart from the chain because
 * this is reading results, not keeping the chain's state.
 *
 * @module
 */
import { FailedTransactionMetadata, type SimulatedTransactionInfo } from "litesvm";
import type { Address, MaybeEncodedAccount } from "@solana/kit";
import type { AccountKeys } from "./account_keys.ts";
import type { SimulationOutcome } from "./chain_outcomes.ts";
import { fromLiteSvmError, type RpcTransactionError } from "./tx_error.ts";
import { type BalanceSnapshot, buildExecutionMeta, snapshotBalances } from "./tx_meta.ts";
import type { WireTransaction } from "./transaction_decoding.ts";
import type { TrackedLiteSvm } from "./tracked_svm.ts";

/** What a simulation knows before it runs: its accounts, their balances, its fee and any replaced blockhash. */
export interface SimulationRun {
  keys: AccountKeys;
  pre: BalanceSnapshot;
  fee: bigint;
  replacementBlockhash: SimulationOutcome["replacementBlockhash"];
}

/** The outcome of a simulation refused before it ran: nothing executed, the balances unchanged. */
export function refusedSimulation(run: SimulationRun, rejection: RpcTransactionError): SimulationOutcome {
  const { fee, keys, pre, replacementBlockhash } = run;
  const meta = buildExecutionMeta({ err: rejection, fee, keys, pre, post: pre, result: null });
  return { err: rejection, meta, executed: false, postAccounts: new Map(), replacementBlockhash };
}

/**
 * The outcome of a simulation the runtime was given: `result` is what it
 * answered, or `null` when it refused the transaction's unsigned slots.
 */
export function ranSimulation(
  svm: TrackedLiteSvm,
  wire: WireTransaction,
  run: SimulationRun,
  result: SimulatedTransactionInfo | FailedTransactionMetadata | null,
): SimulationOutcome {
  const { fee, keys, pre, replacementBlockhash } = run;
  if (result === null || result instanceof FailedTransactionMetadata) {
    const err = result === null ? "SignatureFailure" : fromLiteSvmError(result.err());
    const executed = typeof err === "object" &&
      ("InstructionError" in err || "InsufficientFundsForRent" in err);
    const post = {
      ...pre,
      lamports: pre.lamports.map((lamports, index) => index === 0 && executed ? lamports - fee : lamports),
    };
    const meta = buildExecutionMeta({ err, fee, keys, pre, post, result: result?.meta() ?? null });
    return { err, meta, executed, postAccounts: new Map(), replacementBlockhash };
  }
  const read = (address: Address) => svm.getAccount(address);
  const postAccounts = new Map(
    svm.postAccounts(result).map((account) => [account.address as string, account]),
  );
  const readPost = (address: Address): MaybeEncodedAccount => {
    const account = postAccounts.get(address);
    return account ? { ...account, data: new Uint8Array(account.data), exists: true } : read(address);
  };
  const post = snapshotBalances(wire.message, keys, readPost, { before: pre });
  const meta = buildExecutionMeta({ err: null, fee, keys, pre, post, result: result.meta() });
  return { err: null, meta, executed: true, postAccounts, replacementBlockhash };
}
