/**
 * Simulations a repair runs: one at the maximum limit to measure what the
 * rebuilt message consumes, one of the exact bytes it returns. Both skip the
 * signature check (the rebuilt message is unsigned); the measuring one takes
 * the node's fresh blockhash, the proving one must carry it already.
 *
 * @module
 */
import { UpstreamError } from "../../../shared/errors.ts";
import type { SolanaClient } from "../../rpc.ts";

/** What a simulation of the rebuilt message reported. */
export interface Resimulation {
  err: unknown;
  unitsConsumed: number | null;
  feeLamports: number | null;
  logs: string[];
  loadedAddresses: Record<string, unknown> | null;
  replacementBlockhash: { blockhash: string; lastValidBlockHeight: number } | null;
  raw: Record<string, unknown>;
}

/**
 * Simulates `base64` (unsigned) against the current state.
 *
 * @throws {UpstreamError} When the node refuses the call or answers malformed.
 */
export async function resimulate(
  client: SolanaClient,
  base64: string,
  replaceRecentBlockhash: boolean,
  signal?: AbortSignal,
): Promise<Resimulation> {
  const [outcome] = await client.batch([{
    method: "simulateTransaction",
    params: [base64, {
      encoding: "base64",
      sigVerify: false,
      replaceRecentBlockhash,
      innerInstructions: true,
      commitment: "confirmed",
    }],
  }], signal);
  if (!outcome?.ok) {
    throw new UpstreamError(
      `Solana RPC rejected the repaired transaction's simulation: ${outcome?.error.message ?? "no answer"}`,
    );
  }
  const value = (outcome.result as { value?: Record<string, unknown> } | null)?.value;
  if (!value || typeof value !== "object") {
    throw new UpstreamError('Solana RPC returned a malformed "simulateTransaction" result');
  }
  const replacement = value.replacementBlockhash as
    | { blockhash?: unknown; lastValidBlockHeight?: unknown }
    | null;
  return {
    err: value.err ?? null,
    unitsConsumed: typeof value.unitsConsumed === "number" ? value.unitsConsumed : null,
    feeLamports: typeof value.fee === "number" ? value.fee : null,
    logs: Array.isArray(value.logs) ? value.logs.map(String) : [],
    loadedAddresses: (value.loadedAddresses ?? null) as Record<string, unknown> | null,
    replacementBlockhash: replacement && typeof replacement.blockhash === "string" &&
        typeof replacement.lastValidBlockHeight === "number"
      ? { blockhash: replacement.blockhash, lastValidBlockHeight: replacement.lastValidBlockHeight }
      : null,
    raw: value,
  };
}

/** Whether `blockhash` can still land (`null` when the node does not say). */
export async function blockhashStillValid(
  client: SolanaClient,
  blockhash: string,
  signal?: AbortSignal,
): Promise<boolean | null> {
  const [outcome] = await client.batch([{
    method: "isBlockhashValid",
    params: [blockhash, { commitment: "confirmed" }],
  }], signal);
  const value = outcome?.ok ? (outcome.result as { value?: unknown } | null)?.value : undefined;
  return typeof value === "boolean" ? value : null;
}
