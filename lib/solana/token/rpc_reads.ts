/**
 * The JSON-RPC calls token inspection batches, and checked parsing of their
 * raw results (as returned by `SolanaClient.batch`).
 *
 * @module
 */
import type { RpcCall, RpcOutcome } from "../rpc.ts";
import { UpstreamError } from "../../shared/errors.ts";
import type { FetchedAccount, LargestAccount } from "./concentration.ts";

/** Account reads are answered at this commitment. */
export const COMMITMENT = "confirmed";

/** A `getMultipleAccounts` call returning base64 data. */
export function multipleAccountsCall(addresses: readonly string[]): RpcCall {
  return {
    method: "getMultipleAccounts",
    params: [addresses, { encoding: "base64", commitment: COMMITMENT }],
  };
}

/** The accounts of a `getMultipleAccounts` answer and its slot. */
export function parseMultipleAccounts(outcome: RpcOutcome): { slot: number; accounts: FetchedAccount[] } {
  const result = resultOf(outcome, "getMultipleAccounts") as {
    context?: { slot?: unknown };
    value?: unknown;
  };
  if (!Array.isArray(result?.value)) throw malformed("getMultipleAccounts");
  const accounts = result.value.map((entry: unknown): FetchedAccount => {
    if (entry === null) return null;
    const { owner, data } = (entry ?? {}) as { owner?: unknown; data?: unknown };
    if (typeof owner !== "string" || !Array.isArray(data) || typeof data[0] !== "string") {
      throw malformed("getMultipleAccounts");
    }
    return { owner, data: decodeBase64(data[0]) };
  });
  return { slot: Number(result.context?.slot ?? 0), accounts };
}

/** A `getTokenLargestAccounts` call. */
export function largestAccountsCall(mint: string): RpcCall {
  return { method: "getTokenLargestAccounts", params: [mint, { commitment: COMMITMENT }] };
}

/** The accounts of a `getTokenLargestAccounts` answer, or the RPC's reason for refusing. */
export function parseLargestAccounts(outcome: RpcOutcome): LargestAccount[] | { reason: string } {
  if (!outcome.ok) {
    return { reason: `Solana RPC refused "getTokenLargestAccounts": ${outcome.error.message}` };
  }
  const value = (outcome.result as { value?: unknown })?.value;
  if (!Array.isArray(value)) throw malformed("getTokenLargestAccounts");
  return value.map((entry: unknown) => {
    const { address, amount } = (entry ?? {}) as { address?: unknown; amount?: unknown };
    if (typeof address !== "string" || typeof amount !== "string" || !/^\d+$/.test(amount)) {
      throw malformed("getTokenLargestAccounts");
    }
    return { address, amount };
  });
}

/** A `getEpochInfo` call. */
export function epochInfoCall(): RpcCall {
  return { method: "getEpochInfo", params: [{ commitment: COMMITMENT }] };
}

/** The current epoch from a `getEpochInfo` answer. */
export function parseEpoch(outcome: RpcOutcome): bigint {
  const epoch = (resultOf(outcome, "getEpochInfo") as { epoch?: unknown })?.epoch;
  if (typeof epoch !== "number" || !Number.isSafeInteger(epoch)) throw malformed("getEpochInfo");
  return BigInt(epoch);
}

function resultOf(outcome: RpcOutcome, method: string): unknown {
  if (!outcome.ok) {
    throw new UpstreamError(
      `Solana RPC rejected "${method}": ${outcome.error.message} (code ${outcome.error.code})`,
    );
  }
  return outcome.result;
}

function malformed(method: string): UpstreamError {
  return new UpstreamError(`Solana RPC returned a malformed "${method}" result`);
}

function decodeBase64(text: string): Uint8Array {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch (error) {
    throw new UpstreamError("Solana RPC returned account data that is not base64", { cause: error });
  }
}
