/**
 * Simulates a transaction before it is sent and diagnoses the result like a
 * landed one: the node replaces its blockhash (so an old or placeholder one
 * is fine) and skips signature checks. The simulation and the fee statistics
 * of its writable accounts are fetched at once; a transaction that runs out
 * of compute units is simulated again at the maximum limit to measure what it
 * really needs.
 *
 * @module
 */
import { getBase64Decoder } from "@solana/kit";
import { InvalidInputError, UpstreamError } from "../../shared/errors.ts";
import { MAX_COMPUTE_UNIT_LIMIT } from "../fees/mod.ts";
import type { RpcCall, RpcOutcome, SolanaClient } from "../rpc.ts";
import { type BalanceSnapshot, snapshotFromAccounts, snapshotFromMeta } from "./balances.ts";
import { computeBudgetOf } from "./compute_budget.ts";
import { diagnoseRun } from "./diagnosis.ts";
import { parseTransactionError } from "./error_shapes.ts";
import { idlErrors } from "./idl.ts";
import { messageFromCompiled, usesDurableNonce, writableAccounts } from "./message.ts";
import { suggestPrice } from "./price.ts";
import { type FeeLevel, repairSimulated } from "./repair/mod.ts";
import type { SimulateResult } from "./schema.ts";
import { decodeWireTransaction, type TransactionEncoding, withComputeUnitLimit } from "./serialized.ts";

/** What to simulate. */
export interface SimulateQuery {
  transaction: string;
  encoding: TransactionEncoding;
  /** Accounts whose state before and after to compare, when the node does not report balances itself. */
  accountAddresses?: readonly string[];
  /** How to repair it when it fails (a repair is always attempted; this picks the fee level). */
  repair?: { feeLevel?: FeeLevel };
}

type Json = Record<string, unknown>;

const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/**
 * Simulates and diagnoses a transaction.
 *
 * @throws {InvalidInputError} When the transaction cannot be decoded or the node refuses it as malformed.
 * @throws {UpstreamError} When the RPC answers wrongly.
 *
 * @example
 * ```ts
 * const result = await simulateTransaction(client, { transaction: base64, encoding: "base64" });
 * result.nextAction.computeUnitLimit; // the limit to set
 * ```
 */
export async function simulateTransaction(
  client: SolanaClient,
  query: SimulateQuery,
  signal?: AbortSignal,
): Promise<SimulateResult> {
  const decoded = decodeWireTransaction(query.transaction, query.encoding);
  const draft = messageFromCompiled(decoded.compiled, null, decoded.config);
  const addresses = [...new Set(query.accountAddresses ?? [])];
  const base64 = getBase64Decoder().decode(decoded.bytes);
  const writable = writableAccounts(draft).filter((account) => ADDRESS.test(account));

  const [outcomes, price] = await Promise.all([
    client.batch(simulationCalls(base64, addresses), signal),
    suggestPrice(client, writable, signal),
  ]);
  const value = simulationValue(outcomes[0]!);
  const context = (outcomes[0] as { result?: { context?: { slot?: unknown } } }).result?.context;
  const view = messageFromCompiled(
    decoded.compiled,
    value.loadedAddresses as Json | undefined,
    decoded.config,
  );
  const accountList = view.accountKeys.map((key) => key.address);

  const { snapshot, balancesSource } = balancesOf(value, outcomes[1], addresses, accountList);

  const measuredUnits = await measureIfExceeded(client, decoded, value, signal);
  const replacement = value.replacementBlockhash as Json | null | undefined;
  const diagnosis = await diagnoseRun({
    view,
    err: value.err ?? null,
    logs: Array.isArray(value.logs) ? value.logs : null,
    unitsConsumed: typeof value.unitsConsumed === "number" ? value.unitsConsumed : null,
    feeLamports: typeof value.fee === "number" ? value.fee : null,
    snapshot,
    innerInstructions: value.innerInstructions,
  }, {
    subject: "The simulation",
    lookupIdl: (program, code) => idlErrors(client, program, signal, { code }),
    price,
    recommendLimit: true,
    ...(measuredUnits !== undefined ? { measuredUnits } : {}),
  });
  const repair = await repairSimulated(
    client,
    {
      decoded,
      encoding: query.encoding,
      view,
      loadedAddresses: value.loadedAddresses as Json | undefined,
      replacementBlockhash: typeof replacement?.blockhash === "string" ? replacement.blockhash : null,
      diagnosis,
      durableNonce: usesDurableNonce(view),
    },
    query.repair?.feeLevel,
    signal,
  );
  return {
    success: value.err === null || value.err === undefined,
    slot: typeof context?.slot === "number" ? context.slot : null,
    replacementBlockhash: replacement && typeof replacement.blockhash === "string" &&
        typeof replacement.lastValidBlockHeight === "number"
      ? { blockhash: replacement.blockhash, lastValidBlockHeight: replacement.lastValidBlockHeight }
      : null,
    durableNonce: usesDurableNonce(view),
    balancesSource,
    ...diagnosis,
    repair,
  };
}

/** The balances before and after: from the node's own report, else from the accounts the caller named. */
function balancesOf(
  value: Json,
  accountsOutcome: RpcOutcome | undefined,
  addresses: readonly string[],
  accountList: readonly string[],
): { snapshot: BalanceSnapshot | null; balancesSource: SimulateResult["balancesSource"] } {
  if (Array.isArray(value.preBalances) && value.preBalances.length > 0) {
    return { snapshot: snapshotFromMeta(value, accountList), balancesSource: "simulation" };
  }
  if (addresses.length > 0) {
    const before = accountsOutcome?.ok
      ? ((accountsOutcome.result as Json | null)?.value as unknown[] | undefined)
      : undefined;
    const after = Array.isArray(value.accounts) ? value.accounts : undefined;
    if (before && after) {
      return { snapshot: snapshotFromAccounts(addresses, before, after), balancesSource: "accounts" };
    }
  }
  return { snapshot: null, balancesSource: "none" };
}

function simulationCalls(base64: string, addresses: readonly string[]): RpcCall[] {
  const config: Json = {
    encoding: "base64",
    replaceRecentBlockhash: true,
    sigVerify: false,
    innerInstructions: true,
    commitment: "confirmed",
  };
  if (addresses.length === 0) return [{ method: "simulateTransaction", params: [base64, config] }];
  return [
    {
      method: "simulateTransaction",
      params: [base64, { ...config, accounts: { encoding: "jsonParsed", addresses } }],
    },
    {
      method: "getMultipleAccounts",
      params: [addresses, { encoding: "jsonParsed", commitment: "confirmed" }],
    },
  ];
}

function simulationValue(outcome: RpcOutcome): Json {
  if (!outcome.ok) {
    if (outcome.error.code === -32602) {
      throw new InvalidInputError(`Invalid transaction: the node refused it: ${outcome.error.message}`);
    }
    throw new UpstreamError(
      `Solana RPC rejected "simulateTransaction": ${outcome.error.message} (code ${outcome.error.code})`,
    );
  }
  const value = (outcome.result as Json | null)?.value;
  if (!value || typeof value !== "object") {
    throw new UpstreamError('Solana RPC returned a malformed "simulateTransaction" result');
  }
  return value as Json;
}

/**
 * When the simulation ran out of compute units below the maximum limit,
 * simulates again at the maximum and returns the units it then used;
 * `undefined` when not applicable, `null` when it could not be measured.
 */
async function measureIfExceeded(
  client: SolanaClient,
  decoded: ReturnType<typeof decodeWireTransaction>,
  value: Json,
  signal?: AbortSignal,
): Promise<number | null | undefined> {
  const parsed = parseTransactionError(value.err);
  const exceeded = parsed?.instructionError === "ComputationalBudgetExceeded" ||
    (parsed?.instructionError === "ProgramFailedToComplete" &&
      Array.isArray(value.logs) && value.logs.some((line) => /exceeded CUs meter/.test(String(line))));
  if (!exceeded) return undefined;
  const view = messageFromCompiled(
    decoded.compiled,
    value.loadedAddresses as Json | undefined,
    decoded.config,
  );
  if (computeBudgetOf(view).unitLimit >= MAX_COMPUTE_UNIT_LIMIT) return undefined;
  const raised = withComputeUnitLimit(
    decoded,
    MAX_COMPUTE_UNIT_LIMIT,
    value.loadedAddresses as Json | undefined,
  );
  if (!raised) return null;
  const [outcome] = await client.batch(simulationCalls(raised, []), signal);
  if (!outcome?.ok) return null;
  const again = (outcome.result as Json | null)?.value as Json | undefined;
  const units = again?.unitsConsumed;
  if (typeof units !== "number") return null;
  const againError = parseTransactionError(again?.err);
  // Out of units even at the maximum: the transaction needs more than any limit allows.
  if (againError?.instructionError === "ComputationalBudgetExceeded") return MAX_COMPUTE_UNIT_LIMIT;
  return units;
}
