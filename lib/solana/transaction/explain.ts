/**
 * Explains a transaction by signature: fetches it (as base64, so legacy, v0
 * and v1 messages are all decoded by `@solana/kit`) and its status in one
 * JSON-RPC batch, decides where it stands, and diagnoses it. A transaction
 * no node has takes a second round trip only to price a rebuild. Finalized
 * explanations are cached, so asking again costs no RPC call.
 *
 * @module
 */
import { InvalidInputError, NotFoundError, UnprocessableError, UpstreamError } from "../../shared/errors.ts";
import type { RpcCall, RpcOutcome, SolanaClient } from "../rpc.ts";
import { attributeFailure } from "./attribution.ts";
import { snapshotFromMeta } from "./balances.ts";
import { explainCache } from "./cache.ts";
import { diagnoseRun } from "./diagnosis.ts";
import { idlErrors } from "./idl.ts";
import { signatureStatusOf, stateOfFound, stateOfMissing } from "./landed_state.ts";
import { messageFromCompiled, messageFromRpc, type MessageView, usesDurableNonce } from "./message.ts";
import { expiredAction, pendingAction, processedAction } from "./next_action.ts";
import { suggestPrice } from "./price.ts";
import { type FeeLevel, notLanded, repairLanded } from "./repair/mod.ts";
import type { DiagnosisOutput, ExplainResult } from "./schema.ts";
import { parseTransactionError } from "./error_shapes.ts";
import { decodeWireTransaction } from "./serialized.ts";

/** The newest transaction version this service reads. */
export const MAX_TRANSACTION_VERSION = 1;

/** What to explain. */
export interface ExplainQuery {
  signature: string;
  /** The transaction's last valid block height, to tell `pending` from `expired` when it never landed. */
  lastValidBlockHeight?: number;
  /** Its recent blockhash, for the same purpose. */
  recentBlockhash?: string;
  /**
   * Also rebuild a landed failure whose fix is mechanical against the current
   * state (extra RPC calls; the plain explanation needs one round trip).
   */
  repair?: { feeLevel?: FeeLevel };
}

type Json = Record<string, unknown>;

/**
 * Explains a transaction.
 *
 * @throws {NotFoundError} When no node has it and nothing tells whether it can still land.
 * @throws {UnprocessableError} When it uses a transaction version this service cannot read.
 * @throws {UpstreamError} When the RPC answers wrongly.
 *
 * @example
 * ```ts
 * const result = await explainTransaction(client, { signature });
 * result.failureClass; // e.g. "compute_exceeded"
 * ```
 */
export async function explainTransaction(
  client: SolanaClient,
  query: ExplainQuery,
  signal?: AbortSignal,
): Promise<ExplainResult> {
  const cache = explainCache<ExplainResult>(client);
  // A repair is rebuilt against the current state, so it is never served from the cache.
  const hit = query.repair ? undefined : cache.get(query.signature);
  if (hit) return structuredClone(hit);

  let outcomes = await client.batch(firstCalls(query, MAX_TRANSACTION_VERSION), signal);
  if (rejectsVersion(outcomes[0]!)) outcomes = await client.batch(firstCalls(query, 0), signal);
  const [txOutcome, statusOutcome, ...hints] = outcomes;
  const transaction = resultOf(txOutcome!, "getTransaction");
  const status = statusOutcome?.ok ? signatureStatusOf(statusOutcome.result) : null;

  if (transaction) {
    const result = await explainFound(client, query.signature, transaction as Json, status, signal);
    if (result.commitment === "finalized") cache.set(query.signature, structuredClone(result));
    if (!query.repair) return result;
    // Rebuilt against the current state from the landed bytes; never part of the cached answer.
    const repair = await repairLanded(
      client,
      { transaction: transaction as Json, diagnosis: result },
      query.repair.feeLevel,
      signal,
    );
    return { ...result, repair };
  }
  if (status) return withRefusal(await explainSeen(query.signature, status), query);

  const evidence = hintEvidence(query, hints);
  const decided = stateOfMissing(evidence);
  if (!decided) {
    throw new NotFoundError(
      `Transaction "${query.signature}" not found: neither getTransaction (confirmed) nor getSignatureStatuses ` +
        "(with history) knows it; pass lastValidBlockHeight or recentBlockhash to learn whether it can still land",
    );
  }
  if (decided.landedState === "expired") {
    const price = await suggestPrice(client, [], signal);
    return missing(query, "expired", {
      failureClass: "expired_blockhash",
      retryable: true,
      nextAction: expiredAction(price),
      summary:
        "The transaction never landed and its blockhash has expired, so it never will; rebuild it with a " +
        "fresh blockhash and send it again.",
    });
  }
  return missing(query, "pending", {
    failureClass: "pending",
    retryable: true,
    nextAction: pendingAction(decided.blocksRemaining, evidence.lastValidBlockHeight),
    summary:
      "The transaction has not landed yet but its blockhash is still valid, so it may still land; keep " +
      "resending the same signed transaction.",
  });
}

function firstCalls(query: ExplainQuery, maxVersion: number): RpcCall[] {
  const calls: RpcCall[] = [
    {
      method: "getTransaction",
      // base64: the message is then decoded exactly as sent, v1 resource settings included.
      params: [query.signature, {
        encoding: "base64",
        maxSupportedTransactionVersion: maxVersion,
        commitment: "confirmed",
      }],
    },
    { method: "getSignatureStatuses", params: [[query.signature], { searchTransactionHistory: true }] },
  ];
  if (query.lastValidBlockHeight !== undefined) {
    calls.push({ method: "getBlockHeight", params: [{ commitment: "finalized" }] });
  }
  if (query.recentBlockhash !== undefined) {
    calls.push({ method: "isBlockhashValid", params: [query.recentBlockhash, { commitment: "finalized" }] });
  }
  return calls;
}

/** True when the RPC refused the requested `maxSupportedTransactionVersion` as a parameter. */
function rejectsVersion(outcome: RpcOutcome): boolean {
  return !outcome.ok && outcome.error.code === -32602 && /version/i.test(outcome.error.message);
}

function resultOf(outcome: RpcOutcome, method: string): unknown {
  if (outcome.ok) return outcome.result;
  if (outcome.error.code === -32015) {
    throw new UnprocessableError(
      `Transaction version not supported: ${outcome.error.message} (this service reads up to version ` +
        `${MAX_TRANSACTION_VERSION})`,
    );
  }
  if (outcome.error.code === -32602) {
    throw new InvalidInputError(`Solana RPC rejected the request: ${outcome.error.message}`);
  }
  throw new UpstreamError(
    `Solana RPC rejected "${method}": ${outcome.error.message} (code ${outcome.error.code})`,
  );
}

async function explainFound(
  client: SolanaClient,
  signature: string,
  transaction: Json,
  status: ReturnType<typeof signatureStatusOf>,
  signal?: AbortSignal,
): Promise<ExplainResult> {
  const meta = transaction.meta as Json | null | undefined;
  const view = viewOf(transaction.transaction, meta, transaction.version);
  if (!view || !meta) {
    throw new UpstreamError(
      `Solana RPC returned transaction "${signature}" without its message or status metadata`,
    );
  }
  const failed = meta.err !== null && meta.err !== undefined;
  const { landedState, commitment } = stateOfFound(failed, status);
  const slot = typeof transaction.slot === "number" ? transaction.slot : status?.slot ?? null;
  const diagnosis = await diagnoseRun({
    view,
    err: meta.err ?? null,
    logs: Array.isArray(meta.logMessages) ? meta.logMessages : null,
    unitsConsumed: typeof meta.computeUnitsConsumed === "number" ? meta.computeUnitsConsumed : null,
    feeLamports: typeof meta.fee === "number" ? meta.fee : null,
    snapshot: snapshotFromMeta(meta, view.accountKeys.map((key) => key.address)),
    innerInstructions: meta.innerInstructions,
  }, {
    subject: `The transaction (slot ${slot ?? "unknown"}${
      commitment === "finalized" ? "" : ", not final yet"
    })`,
    lookupIdl: (program, code) => idlErrors(client, program, signal, { code }),
  });
  return {
    signature,
    landedState,
    commitment,
    slot,
    blockTime: typeof transaction.blockTime === "number" ? transaction.blockTime : null,
    recentBlockhash: view.recentBlockhash,
    durableNonce: usesDurableNonce(view),
    ...diagnosis,
  };
}

/** Seen by a node (processed) but not returned by `getTransaction`: no details yet. */
async function explainSeen(signature: string, status: NonNullable<ReturnType<typeof signatureStatusOf>>) {
  const parsed = parseTransactionError(status.err);
  const { failure, verdict } = await attributeFailure(parsed, [], null);
  const commitment = status.confirmationStatus ?? "processed";
  return {
    ...emptyDiagnosis(),
    signature,
    landedState: "pending" as const,
    commitment,
    slot: status.slot,
    blockTime: null,
    recentBlockhash: null,
    durableNonce: false,
    failureClass: failure ? verdict.failureClass : "pending" as const,
    retryable: failure ? verdict.retryable : true,
    nextAction: processedAction(),
    failure,
    rawError: status.err ?? null,
    summary: `The transaction was ${commitment} in slot ${status.slot ?? "unknown"} but is not final yet` +
      (failure ? ` and it failed (${failure.errorName})` : "") + "; check its status again shortly.",
  };
}

/** The answer, with the refusal to repair a transaction whose message no node returned, when asked. */
function withRefusal(result: ExplainResult, query: ExplainQuery): ExplainResult {
  return query.repair ? { ...result, repair: notLanded() } : result;
}

function missing(
  query: ExplainQuery,
  landedState: "pending" | "expired",
  verdict: Pick<DiagnosisOutput, "failureClass" | "retryable" | "nextAction" | "summary">,
): ExplainResult {
  return withRefusal({
    ...emptyDiagnosis(),
    ...verdict,
    signature: query.signature,
    landedState,
    commitment: null,
    slot: null,
    blockTime: null,
    recentBlockhash: query.recentBlockhash ?? null,
    durableNonce: false,
  }, query);
}

function emptyDiagnosis(): Omit<DiagnosisOutput, "failureClass" | "retryable" | "nextAction" | "summary"> {
  return {
    version: null,
    feePayer: null,
    signers: [],
    instructions: [],
    fee: null,
    compute: null,
    balances: { sol: [], tokens: [] },
    logs: { truncated: false, frames: [] },
    failure: null,
    rawError: null,
  };
}

/** The message of a `getTransaction` result, sent as base64 bytes or already decoded (`json`, `jsonParsed`). */
function viewOf(transaction: unknown, meta: Json | null | undefined, version: unknown): MessageView | null {
  if (!Array.isArray(transaction)) return messageFromRpc(transaction, meta, version);
  if (transaction[1] !== "base64" || typeof transaction[0] !== "string") return null;
  try {
    const decoded = decodeWireTransaction(transaction[0], "base64");
    return messageFromCompiled(decoded.compiled, meta?.loadedAddresses as Json | undefined, decoded.config);
  } catch {
    return null;
  }
}

function hintEvidence(query: ExplainQuery, hints: RpcOutcome[]) {
  let next = 0;
  const blockHeightOutcome = query.lastValidBlockHeight !== undefined ? hints[next++] : undefined;
  const validOutcome = query.recentBlockhash !== undefined ? hints[next++] : undefined;
  const blockHeight = blockHeightOutcome && resultOf(blockHeightOutcome, "getBlockHeight");
  const valid = validOutcome &&
    (resultOf(validOutcome, "isBlockhashValid") as { value?: unknown } | null)?.value;
  return {
    blockHeight: typeof blockHeight === "number" ? blockHeight : null,
    lastValidBlockHeight: query.lastValidBlockHeight ?? null,
    blockhashValid: typeof valid === "boolean" ? valid : null,
  };
}
